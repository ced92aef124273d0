/** The workspace database's file name in the data folder (its own module: `veracity check` asks whether one exists without loading SQLite). */
export const DATABASE_FILE = 'veracity.db';
