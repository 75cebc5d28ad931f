import { ModerationCase } from './moderation-case.entity.js';
import { ContentItem } from './content-item.entity.js';
import { ContentMedia } from './content-media.entity.js';
import { Collaboration } from './collaboration.entity.js';

export const contentModerationEntities = [ModerationCase, ContentItem, ContentMedia, Collaboration];
