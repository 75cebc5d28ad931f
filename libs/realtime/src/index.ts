export { RealtimePublisher, TopicPolicies, type TopicAccess, type TopicPolicy } from './realtime.ports.js';
export { RealtimeModule } from './realtime.module.js';
export { RealtimeServer, REALTIME_SOCKET_PATH } from './transport/realtime-server.js';
export { InstanceLiveness } from './presence/instance-liveness.js';
export { realtimeMigrations } from './database/migrations/index.js';
export { REALTIME_BROADCAST_PATH, REALTIME_BROADCAST_BODY_LIMIT } from './broadcast/broadcast-request.js';
