import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

export class UpdateUserDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  password?: string;

  @ApiPropertyOptional({
    description:
      'With password: the present password. A new password needs it, or `nonce`, unless the session was opened by a recovery link in the last 10 minutes (GoTrue `current_password_required` / `current_password_mismatch`)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  current_password?: string;

  @ApiPropertyOptional({
    description:
      'With password: the 6-digit code GET /auth/v1/reauthenticate mailed to the address on file (one guess per code)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  nonce?: string;

  @ApiPropertyOptional({
    description:
      'A new address: confirmation links go to it and to the current address; the change happens when both are opened, and the old address is told',
  })
  @IsOptional()
  @IsString()
  @MaxLength(320)
  email?: string;

  @ApiPropertyOptional({
    description:
      'Merged into user_metadata key by key (null removes a key); any JSON object up to 4096 bytes and 5 levels deep',
  })
  @IsOptional()
  @IsObject()
  data?: Record<string, unknown>;
}
