import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

export class UpdateUserDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  password?: string;

  @ApiPropertyOptional({ description: 'Checked but never changed here: changing the address is not supported' })
  @IsOptional()
  @IsString()
  @MaxLength(320)
  email?: string;

  @ApiPropertyOptional({ description: 'Merged into user_metadata key by key (null removes a key); any JSON object up to 4096 bytes and 5 levels deep' })
  @IsOptional()
  @IsObject()
  data?: Record<string, unknown>;
}
