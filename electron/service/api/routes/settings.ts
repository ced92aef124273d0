/** Thresholds and flag settings: workspace-wide, applied to checks submitted after a change. */
import { Router } from 'express';
import { FlagSettingsPatch as flagSettingsPatch, ThresholdsPatch as thresholdsPatch, type FlagSettings, type ThresholdsSettings } from '../../../../contract/api-v1.js';
import { FLAG_CODES, isFlagCode, thresholdsAreValid } from '../../../../engine/index.js';
import type { ServiceContext } from '../../context.js';
import type { ThresholdsRecord } from '../../store/settings.js';
import { apiKeyOf, requirePermission } from '../auth.js';
import { ApiError, invalidRequest, methodNotAllowed } from '../errors.js';
import { parseWith } from '../validation.js';

function renderThresholds(t: ThresholdsRecord): ThresholdsSettings {
  return { object: 'thresholds' as const, pending_below: t.pending_below, suspicious_below: t.suspicious_below, fraudulent_below: t.fraudulent_below, updated_at: t.updated_at };
}

export function settingsRoutes({ store }: ServiceContext): Router {
  const router = Router();
  const view = requirePermission('view_documents');
  const manage = requirePermission('manage_documents');

  router
    .route('/thresholds')
    .get(view, async (_req, res) => {
      res.json(renderThresholds(await store.settings.thresholds()));
    })
    .patch(manage, async (req, res) => {
      const patch = parseWith(thresholdsPatch, req.body);
      const current = await store.settings.thresholds();
      const next = {
        pending_below: patch.pending_below ?? current.pending_below,
        suspicious_below: patch.suspicious_below ?? current.suspicious_below,
        fraudulent_below: patch.fraudulent_below ?? current.fraudulent_below,
      };
      if (!thresholdsAreValid(next)) {
        throw invalidRequest(
          'invalid_thresholds',
          `Thresholds must satisfy 0 < pending_below < suspicious_below < fraudulent_below <= 100 (got ${next.pending_below}, ${next.suspicious_below}, ${next.fraudulent_below}).`,
        );
      }
      const saved = await store.audited(apiKeyOf(res).id, (tx) => tx.settings.setThresholds(next), () => ({ action: 'thresholds.updated', target_id: null, details: { ...next } }));
      res.json(renderThresholds(saved));
    })
    .all(methodNotAllowed(['GET', 'PATCH']));

  const renderFlagSettings = (codes: string[]): FlagSettings => ({ object: 'flag_settings' as const, disabled_flag_codes: codes as FlagSettings['disabled_flag_codes'], available_flag_codes: [...FLAG_CODES] });

  router
    .route('/flag-settings')
    .get(view, async (_req, res) => {
      res.json(renderFlagSettings((await store.settings.flagSettings()).disabled_flag_codes));
    })
    .patch(manage, async (req, res) => {
      const { disabled_flag_codes } = parseWith(flagSettingsPatch, req.body);
      const unknown = disabled_flag_codes.filter((c) => !isFlagCode(c));
      if (unknown.length > 0) {
        throw new ApiError(400, 'invalid_request_error', 'unknown_flag_code', `Invalid 'disabled_flag_codes': unknown flag code${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `'${c}'`).join(', ')}.`);
      }
      const codes = [...new Set(disabled_flag_codes)];
      const saved = await store.audited(apiKeyOf(res).id, (tx) => tx.settings.setDisabledFlagCodes(codes), () => ({ action: 'flag_settings.updated', target_id: null, details: { disabled_flag_codes: codes } }));
      res.json(renderFlagSettings(saved.disabled_flag_codes));
    })
    .all(methodNotAllowed(['GET', 'PATCH']));

  return router;
}
