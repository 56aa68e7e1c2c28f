import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from './client';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();
await database.close();
console.log('Migraciones aplicadas.');
