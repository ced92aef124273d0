/** What this service is and where it keeps things (the dashboard's About and Settings pages). */
import type { About as AboutBody } from '../../../contract/dashboard-v1.js';
import { ENGINE_VERSION } from '../../../engine/index.js';
import type { ServiceContext } from '../context.js';
import { roleHas, type Role } from '../domain/roles.js';
import { serviceVersion } from '../paths.js';

export class About {
  /** The context, not its values: the URL is known only once the service listens. */
  constructor(private readonly ctx: Pick<ServiceContext, 'config' | 'store' | 'url'>) {}

  /**
   * The data folder's absolute path names the machine's user and where every record lies: only
   * the roles that manage the workspace (owner, admin) are told it.
   */
  describe(role: Role): AboutBody {
    const policy = this.ctx.config.policy;
    return {
      object: 'about',
      engine_version: ENGINE_VERSION,
      service_version: serviceVersion(),
      data_dir: roleHas(role, 'manage_documents') ? this.ctx.store.dataDir : null,
      api_url: this.ctx.url ?? null,
      policy: policy ? { path: policy.path, pinned: policy.pinned, error: policy.error } : null,
    };
  }
}
