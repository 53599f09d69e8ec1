// Resolves the extensionless relative imports of dt-sql-parser's ES modules
// (./parser, ./spark/index), which Node does not resolve by itself.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (err) {
    if (!specifier.startsWith('.') || !context.parentURL) throw err;
    const base = new URL(specifier, context.parentURL);
    for (const suffix of ['.js', '/index.js']) {
      const u = new URL(base.href + suffix);
      const p = fileURLToPath(u);
      if (existsSync(p) && statSync(p).isFile()) return next(u.href, context);
    }
    throw err;
  }
}
