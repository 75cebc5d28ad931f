import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

export class SignUpDto {
  @ApiPropertyOptional({ example: 'fan@example.com' })
  @IsOptional()
  @IsString()
  @MaxLength(320)
  email?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  password?: string;

  @ApiPropertyOptional({ description: 'User metadata stored at sign-up (SPEC §3)' })
  @IsOptional()
  @IsObject()
  data?: Record<string, unknown>;
}
