// Held-out prompts for isExecutionAck: written from the go-ahead rules, not tuned against the code.
// Each row: [prompt, previous assistant text or null, expected, planMode?].
export type AckCase = [string, string | null, boolean, boolean?];

const offer = 'I can apply the migration and rerun the tests. Want me to go ahead?';

export const heldOutAcks: AckCase[] = [
  // English
  ['go ahead', null, true],
  ['Go for it!', null, true],
  ['yes please', 'Want me to apply the migration?', true],
  ['👍', 'Shall I merge it?', true],
  ['sounds good', 'I can split the PR into two parts if you like.', true],
  ['sounds good', null, false],
  ['kk', null, true],
  ['ok go', null, true],
  ['alright then, go ahead', null, true],
  ['please continue', null, true],
  ['keep going', null, true],
  ['yep, ship it 🚀', null, true],
  ['thanks, go ahead', null, true],
  ['ok thanks', null, false],
  ['thanks!', offer, false],
  ['OK, but why?', null, false],
  ['okay so what does this do', null, false],
  ["don't", offer, false],
  ['not yet', offer, false],
  ['wait', offer, false],
  ['stop', null, false],
  ['go ahead and also bump the version', null, false],
  // A constraint on the same work keeps a go-ahead.
  ['continue, but skip the tests', null, true],
  ['yes', 'The deploy finished. Is the dashboard showing the new version?', false],
  ['proceed', 'Proceed with the rename?', true],
  ['lgtm', 'I merged the PR and closed the issue.', false],
  ['lgtm', 'Plan:\n1. Rename the module\n2. Update the imports', true],
  ['do it now please', null, true],
  ['ship it', null, false, true],
  [
    'ok please please please please please please please please please please please please',
    null,
    false,
  ],
  ['ok\ndo it', null, false],
  ['Do it.', offer, false, true],
  ['ＧＯ ＡＨＥＡＤ', null, true],
  ['OK?', null, false],
  // German
  ['Mach weiter', null, true],
  ['Leg los!', null, true],
  ['ja', 'Soll ich die Änderungen committen?', true],
  ['ja', null, false],
  ['Nein, lass das.', offer, false],
  ['Okay, danke', null, false],
  // French
  ["D'accord, vas-y", null, true],
  ['oui', 'Voulez-vous que je lance les tests ?', true],
  ['non merci', offer, false],
  ["Continuez s'il vous plaît", null, true],
  // Spanish
  ['Adelante', null, true],
  ['Sí, hazlo', null, true],
  ['sí', '¿Quieres que aplique el cambio?', true],
  ['no, espera', offer, false],
  ['vale, gracias', null, false],
  // Portuguese
  ['Pode seguir', null, true],
  ['Sim, pode fazer', null, true],
  ['não faça isso', offer, false],
  ['sim', 'Quer que eu rode os testes?', true],
  // Japanese
  ['続けてください', null, true],
  ['はい、お願いします', null, true],
  ['はい', 'テストを実行しましょうか？', true],
  ['まだやらないで', offer, false],
  ['ちょっと待って', offer, false],
  // Korean
  ['계속해줘', null, true],
  ['네', '테스트를 실행할까요?', true],
  ['아직 하지 마세요', offer, false],
  ['좋아, 진행해', null, true],
  // Chinese
  ['继续吧', null, true],
  ['可以，开始吧', null, true],
  ['不要做', offer, false],
  ['是的', null, false],
  ['好的，谢谢', null, false],
  // Arabic
  ['استمر', null, true],
  ['نعم، نفذ', null, true],
  ['لا، انتظر', offer, false],
  ['نعم', 'هل تريد أن أحذف الفروع القديمة؟', true],
];
