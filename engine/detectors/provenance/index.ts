import type { Detector } from '../define.js';
import { c2paAiDetector } from './c2pa-ai.js';
import { c2paIntegrityDetector } from './c2pa-integrity.js';
import { generationParametersDetector } from './generation-parameters.js';
import { generatorSoftwareDetector } from './generator-software.js';
import { iptcSourceTypeDetector } from './iptc-source-type.js';

export const provenanceDetectors: Detector[] = [
  c2paAiDetector,
  c2paIntegrityDetector,
  iptcSourceTypeDetector,
  generationParametersDetector,
  generatorSoftwareDetector,
];
