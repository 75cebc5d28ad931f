import { ModerationCase } from './moderation-case.entity.js';

export const contentModerationEntities = [ModerationCase];
