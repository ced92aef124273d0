/** Engine semver: change it whenever scores would change (SPEC "Versioning" 4). */
export const ENGINE_VERSION = '0.2.0';
