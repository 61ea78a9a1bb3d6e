/**
 * Data loaded before the root view opens, once signed in (spec section 2: "Countries,
 * authorisations, categories and users are loaded before it opens").
 *
 * What exists now: the session restore loads the user and the rights (authorisations) —
 * shared's `session.restore()` / `session.login()` do that, so nothing is listed here yet.
 * Countries, categories and users belong to the screens that use them (the remotes' `loader`s
 * load them before their screen opens). When the shell itself needs a lookup before any screen
 * opens, add a task here: it runs in the root loader after the session is restored, in parallel,
 * and a failure shows the root error view.
 */
export type StartupTask = () => Promise<unknown>;

export const STARTUP_TASKS: StartupTask[] = [];

export async function runStartupTasks(tasks: readonly StartupTask[] = STARTUP_TASKS): Promise<void> {
  await Promise.all(tasks.map((task) => task()));
}
