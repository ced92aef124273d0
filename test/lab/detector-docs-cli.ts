/** `npm run docs:detectors`: rewrites the generated detector tables of docs/detectors-*.md. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DETECTORS } from '../../engine/detectors/index.js';
import { DETECTOR_DOCS, withDetectorTables } from './docs/detector-tables.js';

const root = process.cwd();
for (const doc of DETECTOR_DOCS) {
  const path = join(root, doc);
  const before = readFileSync(path, 'utf8');
  const after = withDetectorTables(before, DETECTORS);
  if (after !== before) writeFileSync(path, after);
  console.log(`${after === before ? 'current' : 'rewrote'} ${doc}`);
}
