import { readerDisagreementDetector } from '../../../../engine/detectors/structure/reader-disagreement.js';
import { testDetector } from '../../detector-tester.js';
import { structureContext } from '../../read/pdf/structure/context.js';
import {
  bareUpdate,
  countShort,
  duplicate,
  freeOverlay,
  innerDocument,
  lengthSplit,
  lengthTwice,
  orphanPage,
  plain,
  REAL,
} from '../../read/pdf/structure/readings/confusions.js';
import { amountEdit } from '../../read/pdf/structure/updates.js';

testDetector(readerDisagreementDetector, {
  valid: [
    { name: 'a clean file', input: structureContext(plain) },
    { name: 'a proper incremental edit (every reader applies it)', input: structureContext(amountEdit) },
    { name: 'a wrong /Length whose extra bytes are a comment', input: structureContext(() => lengthSplit(false)) },
    { name: 'a duplicate object with the same content', input: structureContext(() => duplicate(REAL)) },
    { name: 'an update without %%EOF that changes nothing', input: structureContext(() => bareUpdate(REAL)) },
    { name: 'a page object left outside a tree that adds up (a deleted page)', input: structureContext(() => orphanPage(true)) },
  ],
  invalid: [
    { name: '/Length against endstream', input: structureContext(() => lengthSplit()), reasons: ['structural_anomaly.readers_disagree'] },
    { name: 'two /Length keys', input: structureContext(lengthTwice), reasons: ['structural_anomaly.readers_disagree'] },
    { name: 'a duplicate content object', input: structureContext(() => duplicate()), reasons: ['structural_anomaly.readers_disagree'] },
    { name: 'an update with no xref, trailer or %%EOF', input: structureContext(() => bareUpdate()), reasons: ['structural_anomaly.readers_disagree'] },
    { name: 'a page tree whose /Count hides a page', input: structureContext(countShort), reasons: ['structural_anomaly.readers_disagree'] },
    { name: 'an overlay marked free in the xref', input: structureContext(freeOverlay), reasons: ['structural_anomaly.readers_disagree'] },
    { name: 'an inner document after the outer one', input: structureContext(() => innerDocument()), reasons: ['structural_anomaly.readers_disagree'] },
  ],
});
