export {
  type AnswerClaims,
  type AnswerTokenCheck,
  answerClaimsSchema,
  deliverAnswerToken,
  signAnswerToken,
  verifyAnswerToken,
} from './answer.js';
export {
  type DecisionClaims,
  decisionClaimsSchema,
  maxTokenLength,
  tokenPayload,
} from './claims.js';
export { type DecisionTokenCode, DecisionTokenCodes } from './codes.js';
export {
  decideWithToken,
  deliverDecisionToken,
  type TokenDelivery,
  type TokenRefusal,
} from './deliver.js';
export {
  type DecisionTokenKey,
  DecisionTokenKeyError,
  decisionTokenKey,
  type TokenCryptoKey,
} from './hmac.js';
export { type DecisionTokenCheck, signDecisionToken, verifyDecisionToken } from './token.js';
