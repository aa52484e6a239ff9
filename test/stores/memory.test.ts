import { describe } from 'vitest';
import { memoryVersionedStore } from '../../src/index.js';
import { conformanceTests } from './conformance.js';

describe('memoryVersionedStore meets the store contract', () => {
  conformanceTests(async () => memoryVersionedStore());
});
