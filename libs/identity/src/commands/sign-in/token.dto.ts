import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class TokenQueryDto {
  @ApiPropertyOptional({ enum: ['password', 'refresh_token'] })
  @IsOptional()
  @IsString()
  grant_type?: string;
}

export class TokenDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(320)
  email?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  password?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(512)
  refresh_token?: string;
}

