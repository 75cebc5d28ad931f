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
      'With password: the present password, checked when sent (reauthentication is off, as in GoTrue by default; General Settings sends it so a left-open session cannot change the password)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  current_password?: string;

  @ApiPropertyOptional({ description: 'A new address: a confirmation link goes to it (the change happens when it is opened) and a notice to the current one' })
  @IsOptional()
  @IsString()
  @MaxLength(320)
  email?: string;

  @ApiPropertyOptional({ description: 'Merged into user_metadata key by key (null removes a key); any JSON object up to 4096 bytes and 5 levels deep' })
  @IsOptional()
  @IsObject()
  data?: Record<string, unknown>;
}
