import { classifyTurn, resolveOptions } from '../../src/index.js';
import { read, turn } from './turns.js';
const options = resolveOptions({});
// [prompt, text, expected, mode: n|p|s(single read), previous?]
const rows: [string, string, string, string, string?][] = [
  ['Add a loading state to the table', 'Sure — adding a skeleton loader to `OrdersTable` while the query is pending.', 'planning-only', 'n'],
  ['Migrate the cron to the queue', 'Understood. Moving the nightly job into a BullMQ worker with a repeatable job.', 'planning-only', 'n'],
  ['fix the CORS error', 'Yep, on it: the API needs `credentials: true` and an explicit origin list.', 'planning-only', 'n'],
  ['continue', 'Picking up with the `payments` and `refunds` modules.', 'planning-only', 'n', 'Migrated `users` and `orders`.'],
  ['make the header sticky', 'The header will get `position: sticky` and a shadow once the page scrolls.', 'planning-only', 'n'],
  ['add tests for the parser', 'Tests coming up for the happy path, empty input and malformed JSON.', 'planning-only', 'n'],
  ['clean up the feature flags', "First I'd like to list every flag and its references, then remove the dead ones.", 'planning-only', 'n'],
  ['bump the deps', 'Alright, bumping the minor versions and running the test suite afterwards.', 'planning-only', 'n'],
  ['plan the migration', 'Sounds good, taking a look at the schema first 🧐', 'plan-ack-only', 'p'],
  ['plan the rewrite', 'Will dig through the current modules and then write up a plan.', 'plan-ack-only', 'p'],
  ['remove the old endpoint', '`routes.ts` still registers `/v1/users`. Removing it along with its handler.', 'single-action-narration', 's'],
  ['Baue einen Export ein', 'Klar, ich setze einen CSV-Export mit Streaming um.', 'planning-only', 'n'],
  ['Aktualisiere die Abhängigkeiten', 'Gut, dann aktualisiere ich zuerst die Minor-Versionen und danach die Majors.', 'planning-only', 'n'],
  ['Füge Tests hinzu', 'Mache ich: Tests für Login, Logout und abgelaufene Tokens.', 'planning-only', 'n'],
  ['mach weiter', 'Weiter mit `billing` und `mailer`.', 'planning-only', 'n', '`auth` ist umgestellt.'],
  ['Plane die Migration', 'Alles klar, ich sehe mir zuerst das Schema an und melde mich dann mit einem Plan.', 'plan-ack-only', 'p'],
  ['Erhöhe das Limit', 'Das Limit steht in `config.ts` auf 10. Ich setze es auf 50 hoch.', 'single-action-narration', 's'],
  ['Entferne lodash', 'Es gibt noch 5 Importe von `lodash`. Die ersetze ich jetzt durch native Funktionen.', 'single-action-narration', 's'],
  ['Der Build ist kaputt, repariere ihn', 'Der Build scheitert an einem fehlenden Typ. Ich ergänze den Typ in `types.ts`.', 'planning-only', 'n'],
  ['Añade un export', 'Claro, implemento un export CSV con streaming.', 'planning-only', 'n'],
  ['Actualiza las dependencias', 'Perfecto, primero actualizo las versiones menores y luego las mayores.', 'planning-only', 'n'],
  ['Añade tests', 'Me pongo con ello: tests para login, logout y tokens caducados.', 'planning-only', 'n'],
  ['El build está roto, arréglalo', 'El build falla por un tipo que falta. Lo añado en `types.ts`.', 'planning-only', 'n'],
  ['Planifica la migración', 'Vale, primero miro el esquema y luego te propongo un plan.', 'plan-ack-only', 'p'],
  ['Sube el límite', 'El límite está en `config.ts` a 10. Lo paso a 50.', 'single-action-narration', 's'],
  ['Quita lodash', 'Quedan 5 imports de `lodash`. Ahora los reemplazo por funciones nativas.', 'single-action-narration', 's'],
  ['sigue', 'Continúo con `billing` y `mailer`.', 'planning-only', 'n', '`auth` ya está migrado.'],
  ['Arregla el CORS', 'Ok, ajusto la configuración de CORS para permitir el origen del frontend.', 'planning-only', 'n'],
  ['내보내기 기능 추가해 줘', '네, 스트리밍 방식으로 CSV 내보내기를 구현할게요.', 'planning-only', 'n'],
  ['의존성 업데이트해 줘', '알겠습니다. 마이너 버전부터 올리고 테스트를 돌려 보겠습니다.', 'planning-only', 'n'],
  ['테스트 추가해 줘', '로그인, 로그아웃, 만료된 토큰에 대한 테스트를 작성할 예정입니다.', 'planning-only', 'n'],
  ['빌드 고쳐 줘', '빌드가 타입 누락으로 실패하고 있어요. `types.ts`에 타입을 추가할게요.', 'planning-only', 'n'],
  ['마이그레이션 계획 세워 줘', '좋아요, 먼저 스키마를 살펴본 뒤 계획을 드릴게요.', 'plan-ack-only', 'p'],
  ['한도 올려 줘', '`config.ts`에서 한도가 10으로 되어 있네요. 50으로 올리겠습니다.', 'single-action-narration', 's'],
  ['계속해', '이어서 `billing`과 `mailer`를 옮기겠습니다.', 'planning-only', 'n', '`auth`는 옮겼습니다.'],
  ['lodash 빼 줘', '`lodash` import가 5개 남아 있습니다. 지금 네이티브 함수로 바꿀게요.', 'single-action-narration', 's'],
];
let bad = 0;
for (const [prompt, text, expected, mode, previous] of rows) {
  const got = classifyTurn(turn(text, { userPrompt: prompt, previousAssistantText: previous ?? null, ...(mode === 's' ? { toolCalls: [read()] } : {}) }), { planMode: mode === 'p', options });
  const ok = got.kind === expected && !got.uncertain;
  if (!ok) { bad++; console.log('✗', expected, '→', got.kind, got.uncertain ? 'U' : '', JSON.stringify(got.evidence), '|', text.slice(0, 70)); }
}
console.log(bad, 'of', rows.length);
