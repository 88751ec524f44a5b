import { writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';

/** A SQLite file written by SQLite itself (sql.js), as `php artisan migrate` leaves database.sqlite. */
export async function sqliteFile(file: string, sql: string): Promise<string> {
  const { default: initSqlJs } = await import('sql.js');
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec(sql);
  writeFileSync(file, database.export());
  database.close();
  return file;
}

export const MIGRATIONS_SQL = `CREATE TABLE migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, migration VARCHAR NOT NULL, batch INTEGER NOT NULL);
INSERT INTO migrations (migration, batch) VALUES ('2026_01_01_000000_create_posts_table', 2), ('0001_01_01_000000_create_users_table', 1), ('2026_01_01_000000_create_Tags_table', 1);`;

/** A port nothing listens on: one the system gave a listener, closed again. */
export async function closedPort(): Promise<number> {
  const listener = await silentServer();
  await listener.close();
  return listener.port;
}

/** A TCP server that takes connections and never says a word, as a hung database server. */
export async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
