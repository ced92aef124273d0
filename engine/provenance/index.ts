import type { Detector } from '../detect/types.js';
import c2paAi from './c2pa-ai.js';
import generationParameters from './generation-parameters.js';
import generatorSoftware from './generator-software.js';
import iptcSourceType from './iptc-source-type.js';

export const provenanceDetectors: Detector[] = [c2paAi, iptcSourceType, generationParameters, generatorSoftware];
