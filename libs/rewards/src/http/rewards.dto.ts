import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class WalletDto {
  @ApiProperty({
    example: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    description: 'A Solana address (base58, 32 bytes)',
  })
  @MaxLength(100)
  @IsString({ message: 'walletAddress must be a string' })
  @IsNotEmpty({ message: 'Enter your Solana wallet address' })
  walletAddress!: string;
}

export class TelegramDto {
  @ApiProperty({ example: '@fanmint_fan', description: '5-32 letters, digits or underscores; a leading @ is dropped' })
  @MaxLength(100)
  @IsString({ message: 'telegramUsername must be a string' })
  @IsNotEmpty({ message: 'Enter your Telegram username' })
  telegramUsername!: string;
}

export class RewardsViewDto {
  @ApiProperty({ type: String, nullable: true }) walletAddress!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) walletAddedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) telegramUsername!: string | null;
  @ApiProperty() airdropEligible!: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) snapshotDate!: string | null;
}
