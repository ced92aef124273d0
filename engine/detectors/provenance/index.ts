import type { Detector } from '../define.js';
import c2paAi from './c2pa-ai.js';
import c2paIntegrity from './c2pa-integrity.js';
import generationParameters from './generation-parameters.js';
import generatorSoftware from './generator-software.js';
import iptcSourceType from './iptc-source-type.js';

export const provenanceDetectors: Detector[] = [c2paAi, c2paIntegrity, iptcSourceType, generationParameters, generatorSoftware];
