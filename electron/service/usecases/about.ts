/** What this service is and where it keeps things (the dashboard's About and Settings pages). */
import type { About as AboutBody } from '../../../contract/dashboard-v1.js';
import { ENGINE_VERSION } from '../../../engine/index.js';
import type { ServiceContext } from '../context.js';
import { serviceVersion } from '../paths.js';

export class About {
  /** The context, not its values: the URL is known only once the service listens. */
  constructor(private readonly ctx: Pick<ServiceContext, 'config' | 'store' | 'url'>) {}

  describe(): AboutBody {
    const policy = this.ctx.config.policy;
    return {
      object: 'about',
      engine_version: ENGINE_VERSION,
      service_version: serviceVersion(),
      data_dir: this.ctx.store.dataDir,
      api_url: this.ctx.url ?? null,
      policy: policy ? { path: policy.path, pinned: policy.pinned, error: policy.error } : null,
    };
  }
}
