/**
 * The passwords of checks submitted with one, held in this process's memory from submit until
 * the analysis takes it: never written to the database, the queue, a log, a webhook or the
 * audit log. A restart forgets them, so a check that resumes after one fails `password_required`
 * and is submitted again with its password.
 */
export class PasswordVault {
  private readonly held = new Map<string, string>();

  hold(id: string, password: string): void {
    this.held.set(id, password);
  }

  /** The password for this check, removed from memory as it is handed out. */
  take(id: string): string | undefined {
    const password = this.held.get(id);
    this.held.delete(id);
    return password;
  }

  forget(id: string): void {
    this.held.delete(id);
  }

  /** How many are held (tests: none may outlive its check). */
  get size(): number {
    return this.held.size;
  }
}
