import { classifyTurn, resolveOptions } from '../../src/index.js';
import { turn } from './turns.js';
const options = resolveOptions({});
const rows: [string, string][] = [
  ['Why does CI need Java?', "You'll need Java 17 for that — the OpenAPI generator runs on the JVM."],
  ['Why is the dashboard slow?', 'It will stay slow until the cache exists: every widget will query the database.'],
  ['Why does it fail on Windows?', "You'll have to enable long paths; the build will otherwise fail on `node_modules`."],
  ['You are amazing!', "Thanks! I'll put that on the fridge."],
  ['great work on the migration!', "Ha, I'll add that to my performance review 😄"],
  ['awesome job on that fix!', "Thanks! I'll frame it."],
  ['you rock', "Aw, I'll take it! 😄"],
  ['Thanks, that is all!', "You're welcome!"],
  ['Antes de começar', 'Antes de começar: você já tem o OAuth configurado? Vou precisar do `client_id` e da URL de callback.'],
  ['Add Google login', 'Before I start: do you already have an OAuth client? I will need the `client_id` and the callback URL.'],
];
for (const [prompt, text] of rows) {
  const got = classifyTurn(turn(text, { userPrompt: prompt }), { planMode: false, options });
  console.log(got.kind, got.uncertain ? 'U' : '', JSON.stringify(got.evidence), '|', text.slice(0, 60));
}
