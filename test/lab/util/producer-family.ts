/** The engine's producer families (engine/kit/producer-family.ts), for the corpus tools and reports. */
export { familyOf } from '../../../engine/kit/producer-family.js';
