/**
 * Keys, roles and permissions (DECISIONS "Keys, roles, permissions"): what a key may do. Here,
 * below the store and the HTTP layer, because the store keeps keys and the HTTP layer checks them.
 */
export const ROLES = ['owner', 'admin', 'analyst', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = ['view_documents', 'submit_documents', 'manage_documents', 'manage_keys'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: ['view_documents', 'submit_documents', 'manage_documents'],
  analyst: ['view_documents', 'submit_documents'],
  viewer: ['view_documents'],
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function roleHas(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** A key as the workspace knows it: never its plaintext, never its hash. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  role: Role;
  key_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}
