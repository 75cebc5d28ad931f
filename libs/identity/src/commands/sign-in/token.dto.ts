import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { CredentialsDto } from '../sign-up/sign-up.dto.js';

export class TokenQueryDto {
  @ApiPropertyOptional({ enum: ['password', 'refresh_token', 'pkce'] })
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

  @ApiPropertyOptional({ description: 'grant_type=pkce: the code from the email link redirect' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  auth_code?: string;

  @ApiPropertyOptional({ description: 'grant_type=pkce: the verifier whose challenge was sent with the request' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  code_verifier?: string;
}
