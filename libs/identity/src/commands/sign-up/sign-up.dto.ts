import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

/** Email and password as the auth client sends them; both optional so the handlers answer with the contract's messages. */
export class CredentialsDto {
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
}

export class SignUpDto extends CredentialsDto {
  @ApiPropertyOptional({ description: 'User metadata stored at sign-up (SPEC §3)' })
  @IsOptional()
  @IsObject()
  data?: Record<string, unknown>;
}
