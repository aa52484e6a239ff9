export { leaseBlocks } from './claim.js';
export {
  type StoredRunOutcome,
  StoredRunOutcomes,
  type SweepCode,
  SweepCodes,
  ToolDeliveries,
  type ToolDelivery,
} from './codes.js';
export {
  type DueQuery,
  maxListLimit,
  maxStoreIdLength,
  type SaveResult,
  type StoredSession,
  type StoredSessionSummary,
  StoreInputError,
  storeInput,
  VersionConflictError,
  type VersionedSessionStore,
} from './contract.js';
export { runStored } from './driver.js';
export { defaultLeaseMs } from './driving.js';
export {
  defaultToolDelivery,
  interruptedCallResult,
  notStartedCallResult,
  toolIdempotencyKey,
} from './intents.js';
export {
  type ApprovalDeadline,
  approvalDeadline,
  encodeRecord,
  type Lease,
  parseStoredRecord,
  parseStoredVersion,
  type RecordIndex,
  recordIndex,
  type StoredRecord,
  storedRecordSchema,
  type ToolIntent,
} from './record.js';
export {
  resumeStalledRuns,
  type SweepConfig,
  type SweptApproval,
  sweepExpiredApprovals,
} from './sweep.js';
export type {
  RecoveredCall,
  StoredRunConfig,
  StoredRunResult,
  StoredToolContext,
  StoredToolExecutor,
} from './types.js';
