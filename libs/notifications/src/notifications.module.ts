import { Module } from '@nestjs/common';
import { SendEmailJob } from './jobs/send-email.job.js';

@Module({ providers: [SendEmailJob] })
export class NotificationsModule {}
