import type { TurnKind, TurnSummary } from '../../src/index.js';
import { read, turn, write } from './turns.js';

// Held-out turns: written from the turn-class rules, not tuned against the classifier. Each
// row: [what it shows, turn, planMode, expected class, approved steps still open].
export type TurnCase = [string, TurnSummary, boolean, TurnKind, (readonly string[])?];

const long = `${'The importer walks every sheet, maps the header row to columns and validates each cell against the schema before it writes anything. '.repeat(6)}I'll add the XLSX writer afterwards.`;

// biome-ignore format: one row per line reads as a table
export const heldOutTurns: TurnCase[] = [
  // claimed-done: the turn says the work is done while approved steps are still open
  ['en: "all done" with steps open', turn('All done: the parser handles empty input now.', { userPrompt: 'continue' }), false, 'claimed-done', ['2', '3']],
  ['en: "finished" after plan bookkeeping only', turn('Finished. Everything in the plan is complete.', { userPrompt: 'go on', toolCalls: [{ name: 'update_plan', readOnly: false }] }), false, 'claimed-done', ['3']],
  ['en: "that completes the task"', turn('I added the column and the backfill. That completes the task.', { userPrompt: 'keep going' }), false, 'claimed-done', ['index']],
  ['en: a question with steps open is not a claim', turn('The backfill is done. Should I also add the index now?', { userPrompt: 'continue' }), false, 'answered', ['3']],
  ['en: a blocker with steps open is not a claim', turn("I can't finish: the migration needs database credentials I don't have.", { userPrompt: 'continue' }), false, 'answered', ['3']],
  ['en: "done" with nothing open stays answered', turn('All done: the parser handles empty input now.', { userPrompt: 'continue' }), false, 'answered', []],
  // planning-only, normal mode
  ['en: promise after a request', turn("Sure — I'll update the README and bump the version.", { userPrompt: 'Update the README for the new flag.' }), false, 'planning-only'],
  ['en: "let me" after a question', turn('Let me check the CI logs to see why the build is red.', { userPrompt: 'why is CI red?' }), false, 'planning-only'],
  ['en: progress verb after an acknowledgement', turn('Okay, renaming the config keys now.', { userPrompt: 'rename the config keys to camelCase' }), false, 'planning-only'],
  ['en: "I\'m checking …"', turn("I'm checking the migration files now.", { userPrompt: 'check the migrations' }), false, 'planning-only'],
  ['en: "Plan:" + list + promise', turn("Plan:\n1. Add the column\n2. Backfill it\n3. Add the index\nI'll start with the column.", { userPrompt: 'add a status column to orders' }), false, 'planning-only'],
  ['en: "I need to … then I\'ll"', turn("First I need to understand how the cache is keyed, then I'll swap it for an LRU.", { userPrompt: 'Make the cache an LRU.' }), false, 'planning-only'],
  ['en: negated completion then a promise', turn("Not done yet — I'll finish the remaining two handlers next.", { userPrompt: 'finish the handlers' }), false, 'planning-only'],
  ['en: sub-task done, next-step promise', turn("Step 1 is complete. Now I'll move on to step 2.", { userPrompt: 'Work through the checklist.' }), false, 'planning-only'],
  ['en: no prompt counts as work', turn("I'll continue with the next file.", { userPrompt: null }), false, 'planning-only'],
  ['en: "okay so what does this do" is a question, not chit-chat', turn('Let me walk through it.', { userPrompt: 'okay so what does this do' }), false, 'planning-only'],
  ['de: "ich schaue mir … an"', turn('Ich schaue mir zuerst die Logs an.', { userPrompt: 'Warum schlägt der Build fehl?' }), false, 'planning-only'],
  ['de: "ich kümmere mich darum"', turn('Alles klar, ich kümmere mich darum.', { userPrompt: 'Bitte aktualisiere die Abhängigkeiten.' }), false, 'planning-only'],
  ['fr: "je vais"', turn("Je vais d'abord lire le fichier de configuration, puis corriger le parseur.", { userPrompt: 'Corrige le plantage au démarrage.' }), false, 'planning-only'],
  ['es: "déjame"', turn('Déjame revisar el archivo de rutas primero.', { userPrompt: 'Agrega una ruta para /health.' }), false, 'planning-only'],
  ['es: gerund after "vale"', turn('Vale, corrigiendo el test ahora.', { userPrompt: 'arregla el test roto' }), false, 'planning-only'],
  ['pt: "vou"', turn('Vou verificar os logs e depois corrigir o erro.', { userPrompt: 'Corrija o erro no login.' }), false, 'planning-only'],
  ['ja: "これから…確認します"', turn('了解です。これから設定ファイルを確認します。', { userPrompt: '設定の読み込みを直して。' }), false, 'planning-only'],
  ['ko: "실행해 보겠습니다"', turn('먼저 테스트를 실행해 보겠습니다.', { userPrompt: '실패하는 테스트 고쳐줘.' }), false, 'planning-only'],
  ['zh: "我先看一下"', turn('我先看一下日志，然后再修复这个问题。', { userPrompt: '修复登录失败的问题。' }), false, 'planning-only'],
  ['ar: "سأقوم"', turn('سأقوم بمراجعة ملف الإعدادات أولاً.', { userPrompt: 'أصلح مشكلة تحميل الإعدادات.' }), false, 'planning-only'],
  ['zh: step done, "接下来" promise', turn('第一步已完成。接下来我会处理第二步。', { userPrompt: '按顺序完成这些步骤。' }), false, 'planning-only'],
  ['en: bookkeeping is not action', turn("I'll start with step 1.", { toolCalls: [read('update_plan')] }), false, 'planning-only'],

  // answered, normal mode
  ['en: an explanation without a promise', turn('The function returns null when the list is empty because reduce has no initial value.', { userPrompt: 'why does total() return null?' }), false, 'answered'],
  ['en: a code block', turn("Here's the fix:\n```ts\nconst total = items.reduce((a, b) => a + b, 0);\n```\nI'll leave the rest as is.", { userPrompt: 'fix total()' }), false, 'answered'],
  ['en: a numbered list without intent cue', turn('1. Node 20\n2. pnpm 9\n3. Postgres 16', { userPrompt: 'what versions do we need?' }), false, 'answered'],
  ['en: blocker with a conditional promise', turn("Blocked: the staging credentials expired. I'll retry once you rotate them.", { userPrompt: 'deploy to staging' }), false, 'answered'],
  ['en: "the blocker is …"', turn('The blocker is the missing migration for the users table.', { userPrompt: 'why can we not release' }), false, 'answered'],
  ['en: a question to the user', turn('Should I keep the old endpoint for a deprecation period, or remove it now?', { userPrompt: 'remove the old endpoint' }), false, 'answered'],
  ['en: done + "I\'ll keep an eye"', turn("Done. I'll keep an eye on the nightly run.", { userPrompt: 'fix the nightly job' }), false, 'answered'],
  ['en: completion + a decision not to act', turn("All tests pass now. I'll leave the flaky retry logic alone since it's unrelated.", { userPrompt: 'fix the failing tests' }), false, 'answered'],
  ['en: thanks → welcome', turn("You're welcome, happy to help!", { userPrompt: 'thanks a lot' }), false, 'answered'],
  ['en: fyi → acknowledgement with "I\'ll"', turn("Great, I'll keep that in mind for next time.", { userPrompt: 'fyi we deploy on fridays' }), false, 'answered'],
  ['en: praise → promise is chit-chat', turn("I'll make sure to do that again next time.", { userPrompt: 'thanks, great job' }), false, 'answered'],
  ['en: an offer in the last sentence', turn("I can add retries to the client if you want, or let me know if you'd rather handle it upstream.", { userPrompt: 'the client times out sometimes' }), false, 'answered'],
  ['en: "let me be honest"', turn("Let me be honest: I don't know why this fails on Windows, and I couldn't reproduce it here.", { userPrompt: 'why does it fail on windows' }), false, 'answered'],
  ['en: a long text ending in a promise', turn(long, { userPrompt: 'Explain the importer.' }), false, 'answered'],
  ['en: "here\'s what I found"', turn("Here's what I found: the cron job runs twice because two schedulers are enabled.", { userPrompt: 'investigate the duplicate emails' }), false, 'answered'],
  ['en: lgtm after a finished report', turn("Thanks! I'll merge it after lunch.", { userPrompt: 'lgtm', previousAssistantText: 'I fixed the typo in the docs; CI is green.' }), false, 'answered'],
  ['de: completion', turn('Erledigt: der Parser prüft jetzt leere Eingaben, und alle Tests sind grün.', { userPrompt: 'Behebe den Parser-Fehler.' }), false, 'answered'],
  ['de: a question to the user', turn('Soll ich die alte API gleich entfernen oder erst als veraltet markieren?', { userPrompt: 'Entferne die alte API.' }), false, 'answered'],
  ['fr: chit-chat', turn('Merci ! Je reste disponible si besoin.', { userPrompt: 'merci beaucoup' }), false, 'answered'],
  ['fr: blocker', turn("Je ne peux pas continuer : le jeton d'accès a expiré.", { userPrompt: 'Déploie en production.' }), false, 'answered'],
  ['es: completion', turn('He corregido el error y todas las pruebas pasan.', { userPrompt: 'arregla el error' }), false, 'answered'],
  ['es: question', turn('¿Prefieres que use Redis o Memcached para la caché?', { userPrompt: 'añade caché' }), false, 'answered'],
  ['pt: completion', turn('Corrigi o problema: o token não era renovado. Todos os testes passam.', { userPrompt: 'corrija o login' }), false, 'answered'],
  ['ja: completion', turn('修正しました。原因は空文字列の扱いでした。', { userPrompt: 'バグを直して。' }), false, 'answered'],
  ['ja: question', turn('どちらのブランチにマージしますか？', { userPrompt: 'マージして。' }), false, 'answered'],
  ['ko: completion', turn('완료했습니다. 모든 테스트가 통과합니다.', { userPrompt: '테스트 고쳐줘' }), false, 'answered'],
  ['zh: completion', turn('已修复：空文件现在会返回默认配置。', { userPrompt: '修复空配置文件的崩溃。' }), false, 'answered'],
  ['zh: blocker', turn('无法继续：缺少数据库密码。', { userPrompt: '运行迁移。' }), false, 'answered'],
  ['ar: blocker', turn('لا يمكنني المتابعة: مفتاح API مفقود.', { userPrompt: 'انشر الخدمة.' }), false, 'answered'],
  ['ar: chit-chat', turn('شكرا لك! سعيد بالمساعدة.', { userPrompt: 'شكرا جزيلا' }), false, 'answered'],

  // one tool call
  ['en: one read + "next I\'ll patch"', turn("Found three call sites. Next I'll patch each of them.", { toolCalls: [read('grep')] }), false, 'single-action-narration'],
  ['en: one read + "I\'ll add one"', turn("The handler lacks a null check; I'll add one.", { toolCalls: [read()] }), false, 'single-action-narration'],
  ['es: one read + "ahora voy a"', turn('Encontré el problema. Ahora voy a corregirlo.', { toolCalls: [read('grep')], userPrompt: 'Corrige el fallo.' }), false, 'single-action-narration'],
  ['ko: one read + "이제 수정하겠습니다"', turn('파일을 확인했습니다. 이제 수정하겠습니다.', { toolCalls: [read()], userPrompt: '버그 고쳐줘.' }), false, 'single-action-narration'],
  ['en: one read + a finding', turn('The config sets the timeout to 5s.', { toolCalls: [read()] }), false, 'acted'],
  ['en: one mutating call + narration', turn("Updated the handler. I'll run the tests next.", { toolCalls: [write()] }), false, 'acted'],
  ['en: one read + a question', turn('I see two candidate files. Which one do you mean?', { toolCalls: [read('glob')] }), false, 'acted'],
  ['en: plan mode, one read is investigation', turn('Let me also look at the tests.', { toolCalls: [read()] }), true, 'acted'],
  ['zh: two reads + promise', turn('我会继续查看其他文件。', { toolCalls: [read(), read('grep')] }), false, 'acted'],
  ['exit_plan_mode is action even when marked read-only', turn('Submitting the plan.', { toolCalls: [read('exit_plan_mode')] }), true, 'acted'],

  // no visible text
  ['thinking + update_plan only', turn('', { hasThinking: true, toolCalls: [read('update_plan')] }), false, 'reasoning-only'],
  ['whitespace, nothing else', turn('   \n', {}), false, 'empty'],
  ['plan mode: thinking only', turn('', { hasThinking: true }), true, 'reasoning-only'],

  // not-retryable
  ['stop reason length', turn("I'll continue with the rest", { stopReason: 'length' }), false, 'not-retryable'],
  ['stop reason error', turn('', { stopReason: 'error' }), false, 'not-retryable'],
  ['side effects', turn("I'll continue.", { sideEffects: true }), false, 'not-retryable'],
  ['timed out with a question', turn('Which port should I use?', { timedOut: true }), true, 'not-retryable'],

  // plan mode
  ['en: plan mode announcement', turn("Understood — I'll explore the codebase and come back with a plan.", { userPrompt: 'Plan the caching layer.' }), true, 'plan-ack-only'],
  ['fr: plan mode announcement', turn("D'accord, je regarde d'abord la structure du projet.", { userPrompt: 'Planifie la migration.' }), true, 'plan-ack-only'],
  ['es: plan mode announcement', turn('Entendido. Voy a revisar el código antes de proponer un plan.', { userPrompt: 'Planea la migración.' }), true, 'plan-ack-only'],
  ['zh: plan mode announcement', turn('好的，我先看看代码结构，然后制定计划。', { userPrompt: '规划一下迁移。' }), true, 'plan-ack-only'],
  ['ar: plan mode announcement', turn('حسنا، سأراجع الكود أولا ثم أضع خطة.', { userPrompt: 'خطط للترحيل.' }), true, 'plan-ack-only'],
  ['pt: plan mode announcement', turn('Certo, vou investigar o código primeiro.', { userPrompt: 'Planeje a migração.' }), true, 'plan-ack-only'],
  ['en: plan mode question', turn('Do you want the migration to be reversible?', { userPrompt: 'Plan the migration.' }), true, 'answered'],
  ['en: plan mode bulleted plan', turn('- Add a feature flag\n- Migrate readers\n- Remove the old path', { userPrompt: 'Plan the migration.' }), true, 'answered'],
  ['de: plan mode heading + list', turn('Plan:\n1. Router austauschen\n2. Tests anpassen', { userPrompt: 'Plane den Umbau.' }), true, 'answered'],
  ['en: plan mode findings without a cue', turn('The auth module has no tests, and the session store is in memory only.', { userPrompt: 'Plan the auth rework.' }), true, 'answered'],
  ['ko: plan mode heading + list', turn('계획:\n1. 라우터 교체\n2. 테스트 수정', { userPrompt: '계획 세워줘.' }), true, 'answered'],
];
