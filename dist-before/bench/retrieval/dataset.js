/** Where the retrieval bench's data lives (in the source tree, beside this file's source). */
import { join } from 'node:path';
import { repoRoot } from '../paths.js';
export const retrievalDir = join(repoRoot, 'bench', 'retrieval');
//# sourceMappingURL=dataset.js.map