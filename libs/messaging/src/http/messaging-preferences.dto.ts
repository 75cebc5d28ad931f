import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

export class MessagingPreferencesDto {
  @ApiProperty({
    description: 'Email me unread messages: one email listing what waited unread for over an hour (each message once)',
  })
  @IsBoolean({ message: 'emailDigest must be true or false' })
  emailDigest!: boolean;
}

export class MessagingPreferencesViewDto {
  @ApiProperty({ description: 'Email me unread messages (on unless you turned it off)' })
  emailDigest!: boolean;
}
