import { probePostgres, probeRedis, withDatabase } from './probes.mjs';
const t=Date.now();
console.log(await probePostgres('postgres://postgres@127.0.0.1:5432/postgres'), Date.now()-t);
console.log(await probePostgres('postgres://postgres@127.0.0.1:5999/postgres'), Date.now()-t);
console.log(await probePostgres('postgres://postgres@10.255.255.1:5432/postgres'), Date.now()-t);
console.log(await probeRedis('redis://127.0.0.1:6379'), Date.now()-t);
console.log(await probeRedis('redis://127.0.0.1:6999'), Date.now()-t);
console.log(await probeRedis('redis://10.255.255.1:6379'), Date.now()-t);
console.log(withDatabase('postgres://a:b@h:1/x?sslmode=disable','postgres'));
