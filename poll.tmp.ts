import { analyzeShellCommand } from './src/shell/index.js';
(Object.prototype as any).code = 0;
try { console.log(JSON.stringify(analyzeShellCommand('ls -la'))); } finally { delete (Object.prototype as any).code; }
(Object.prototype as any).zz = 0;
try { console.log(JSON.stringify(analyzeShellCommand('ls -la'))); } finally { delete (Object.prototype as any).zz; }
