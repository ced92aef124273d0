/** Thresholds and flag settings: workspace-wide, applied to checks submitted after a change (the settings use case). */
import { Router } from 'express';
import {
  FlagSettingsPatch as flagSettingsPatch,
  ThresholdsPatch as thresholdsPatch,
  type FlagSettings,
  type ThresholdsSettings,
} from '../../../../contract/api-v1.js';
import { FLAG_CODES } from '../../../../engine/index.js';
import { apiKeyOf, requirePermission } from '../../http/auth.js';
import { methodNotAllowed } from '../../http/errors.js';
import { parseWith } from '../../http/validation.js';
import type { ThresholdsRecord } from '../../usecases/index.js';
import type { Settings } from '../../usecases/settings.js';

function renderThresholds(t: ThresholdsRecord): ThresholdsSettings {
  return {
    object: 'thresholds' as const,
    pending_below: t.pending_below,
    suspicious_below: t.suspicious_below,
    fraudulent_below: t.fraudulent_below,
    updated_at: t.updated_at,
  };
}

const renderFlagSettings = (codes: string[]): FlagSettings => ({
  object: 'flag_settings' as const,
  disabled_flag_codes: codes as FlagSettings['disabled_flag_codes'],
  available_flag_codes: [...FLAG_CODES],
});

export function settingsRoutes(settings: Settings): Router {
  const router = Router();
  const view = requirePermission('view_documents');
  const manage = requirePermission('manage_documents');

  router
    .route('/thresholds')
    .get(view, async (_req, res) => {
      res.json(renderThresholds(await settings.thresholds()));
    })
    .patch(manage, async (req, res) => {
      res.json(renderThresholds(await settings.updateThresholds(parseWith(thresholdsPatch, req.body), apiKeyOf(res).id)));
    })
    .all(methodNotAllowed(['GET', 'PATCH']));

  router
    .route('/flag-settings')
    .get(view, async (_req, res) => {
      res.json(renderFlagSettings((await settings.flagSettings()).disabled_flag_codes));
    })
    .patch(manage, async (req, res) => {
      const saved = await settings.updateFlagSettings(parseWith(flagSettingsPatch, req.body), apiKeyOf(res).id);
      res.json(renderFlagSettings(saved.disabled_flag_codes));
    })
    .all(methodNotAllowed(['GET', 'PATCH']));

  return router;
}
