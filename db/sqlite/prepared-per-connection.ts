// Caches prepared statements per database connection. Handles are opened per test and per drill, so each cache is keyed
// by the connection object (a WeakMap), never a module global bound to one database.

/**
 * Returns a function that builds the statements once per connection (`build` runs on the first call with that
 * connection) and hands back the same ones afterwards. A connection that is closed and dropped takes its cache with it.
 */
export function preparedPerConnection<Connection extends object, Statements>(
  build: (connection: Connection) => Statements,
): (connection: Connection) => Statements {
  const cache = new WeakMap<Connection, Statements>();
  return (connection) => {
    let statements = cache.get(connection);
    if (statements === undefined) {
      statements = build(connection);
      cache.set(connection, statements);
    }
    return statements;
  };
}
