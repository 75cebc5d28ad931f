import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { CredentialsDto } from '../sign-up/sign-up.dto.js';

export class TokenQueryDto {
  @ApiPropertyOptional({ enum: ['password', 'refresh_token'] })
  @IsOptional()
  @IsString()
  grant_type?: string;
}

export class TokenDto extends CredentialsDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(512)
  refresh_token?: string;
}

