import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './client';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();
await database.close();
console.log('Migraciones aplicadas.');
