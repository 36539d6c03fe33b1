// Tests never touch the developer's ./data database: each worker gets an in-memory PGlite unless DATABASE_URL is set.
process.env.NODE_ENV ??= 'test';
process.env.SESSION_SECRET ??= 'test-session-secret-0123456789abcdef0123456789abcdef';
process.env.LOG_LEVEL ??= 'silent';
