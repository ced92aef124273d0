/**
 * The wire types, from the service's contract (contract/): imported type-only, so no zod reaches
 * the bundle; the value sets come from contract/enums.ts, which takes the shared ones from
 * vocabulary/ and imports nothing else.
 */
export type { BBox, DocumentCheck, Evidence, Extracted, Flag, Reason, Thresholds, TriggeredRule } from '../../../contract/check.js';
export type { FeedbackBody as Feedback, FlagSettings, List, Rule, RuleBody as RuleInput } from '../../../contract/api-v1.js';
export type {
  About,
  ApiKey,
  ApiKeyCreated,
  CheckAnalysis,
  FlagDefinition,
  Revision,
  RulePreview,
  ScorePoint,
  TextDiff,
} from '../../../contract/dashboard-v1.js';
export {
  DECISIONS,
  DOC_TYPES,
  MIME_TYPES,
  OUTCOMES,
  ROLES,
  SEVERITIES,
  type Decision,
  type DocType,
  type FlagCode,
  type OutcomeGuidance,
  type Role,
  type Severity,
} from '../../../contract/enums.js';
export type { RelatedDocument, RelatedDocumentList } from '../../../contract/related.js';
export { pathOf, ROUTES, type OperationId, type ParamsOf } from '../../../contract/routes.js';
