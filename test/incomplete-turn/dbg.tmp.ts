import { resolveOptions } from '../../src/index.js';
import { compiledCues } from '../../src/incomplete-turn/compiled-cues.js';
import { promptTokens } from '../../src/incomplete-turn/text/fold.js';
import { analyseText } from '../../src/incomplete-turn/text-analysis.js';
const cues = compiledCues(resolveOptions({}));
const [kind, text] = process.argv.slice(2);
if (kind === 'p') console.log(cues.prompt.scan(promptTokens(text!)));
else
  console.log(
    JSON.stringify(
      analyseText(text!, cues.text).sentences.map((s) =>
        s.cues.map((c) => [c.category, c.phrase, c.start]),
      ),
    ),
  );
