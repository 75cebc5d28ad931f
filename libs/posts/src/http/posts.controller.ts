import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { BearerGuard, CurrentAuth, type AuthContext } from '#app/identity';
import { AgeChecked, LivePhaseGuard, OptionalAuthGuard, Viewer } from '#app/commerce';
import type { Actor } from '#app/entitlements';
import { CreatePostMediaCommand } from '../commands/create-post-media/create-post-media.command.js';
import { CreatePostCommand, EditPostCommand } from '../commands/write-post/write-post.command.js';
import { DeletePostCommand } from '../commands/delete-post/delete-post.command.js';
import { PinPostCommand } from '../commands/pin-post/pin-post.command.js';
import {
  CommentOnPostCommand,
  DeleteCommentCommand,
  HideCommentCommand,
  LikePostCommand,
} from '../commands/react/react.command.js';
import { FeedQuery, GetPostQuery, MyPostsQuery, PostCommentsQuery, StorePostsQuery } from '../queries/post-queries.js';
import {
  CommentDto,
  CommentPageDto,
  CommentViewDto,
  CreatePostDto,
  CreatePostMediaDto,
  EditPostDto,
  FeedPageDto,
  LikesDto,
  PageQueryDto,
  PostDto,
  PostMediaReceiptDto,
  PostPageDto,
} from './posts.dto.js';

const actorOf = (auth: AuthContext): Actor => ({ id: auth.user.id, role: auth.user.appRole, aal: auth.claims.aal });
const viewerOf = (auth: AuthContext | null, ageChecked: boolean) => ({
  actor: auth ? actorOf(auth) : null,
  ageChecked,
});
// Signed in: an adult store's gate is open to accounts, so the age-check cookie does not matter.
const reactorOf = (auth: AuthContext) => ({ userId: auth.user.id, ageChecked: false });
const uuid = new ParseUUIDPipe({ version: undefined });

/** Creators' posts: write, pin and delete your own; read what the store's page would show you; like and comment. */
@ApiTags('posts')
@Controller('api/posts')
@UseGuards(LivePhaseGuard)
export class PostsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post('media')
  @HttpCode(201)
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({
    summary: 'Start a video or photos for your posts: upload its files over tus, then submit it for review',
  })
  @ApiCreatedResponse({ type: PostMediaReceiptDto })
  createMedia(@CurrentAuth() auth: AuthContext, @Body() body: CreatePostMediaDto): Promise<PostMediaReceiptDto> {
    return this.commands.execute(new CreatePostMediaCommand(auth.user.id, body.kind));
  }

  @Post()
  @HttpCode(201)
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({
    summary:
      'Publish a post on your store: free, subscribers only or pay to unlock; with media, it shows once they are approved',
  })
  @ApiCreatedResponse({ type: PostDto })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreatePostDto): Promise<PostDto> {
    return this.commands.execute(
      new CreatePostCommand(
        auth.user.id,
        {
          text: body.text ?? '',
          audience: body.audience,
          priceMinor: body.priceMinor ?? null,
          mediaIds: body.mediaIds ?? [],
        },
        body.commentsEnabled ?? true,
      ),
    );
  }

  @Get('mine')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Your posts in every status, newest first' })
  @ApiOkResponse({ type: PostPageDto })
  mine(@CurrentAuth() auth: AuthContext, @Query() query: PageQueryDto): Promise<PostPageDto> {
    return this.queries.execute(new MyPostsQuery(auth.user.id, viewerOf(auth, true), query.cursor, query.limit ?? 20));
  }

  @Get(':id')
  @ApiBearerAuth()
  @UseGuards(OptionalAuthGuard)
  @ApiOperation({ summary: 'One post as its store shows it to you (404 unless published, or yours)' })
  @ApiOkResponse({ type: PostDto })
  one(
    @Viewer() viewer: AuthContext | null,
    @AgeChecked() ageChecked: boolean,
    @Param('id', uuid) id: string,
  ): Promise<PostDto> {
    return this.queries.execute(new GetPostQuery(id, viewerOf(viewer, ageChecked)));
  }

  @Patch(':id')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Edit your post (an added item not yet approved takes it back to review)' })
  @ApiOkResponse({ type: PostDto })
  edit(@CurrentAuth() auth: AuthContext, @Param('id', uuid) id: string, @Body() body: EditPostDto): Promise<PostDto> {
    return this.commands.execute(
      new EditPostCommand(
        auth.user.id,
        id,
        { text: body.text, audience: body.audience, priceMinor: body.priceMinor, mediaIds: body.mediaIds },
        body.commentsEnabled,
      ),
    );
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Delete your post' })
  @ApiNoContentResponse()
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', uuid) id: string): Promise<void> {
    await this.commands.execute(new DeletePostCommand(auth.user.id, id));
  }

  @Put(':id/pin')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: "Pin your post to the top of your store's posts" })
  @ApiOkResponse({ type: PostDto })
  pin(@CurrentAuth() auth: AuthContext, @Param('id', uuid) id: string): Promise<PostDto> {
    return this.commands.execute(new PinPostCommand(auth.user.id, id, true));
  }

  @Delete(':id/pin')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Unpin your post' })
  @ApiOkResponse({ type: PostDto })
  unpin(@CurrentAuth() auth: AuthContext, @Param('id', uuid) id: string): Promise<PostDto> {
    return this.commands.execute(new PinPostCommand(auth.user.id, id, false));
  }

  @Put(':id/like')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Like a post (not when its creator blocked you)' })
  @ApiOkResponse({ type: LikesDto })
  like(@CurrentAuth() auth: AuthContext, @Param('id', uuid) id: string): Promise<LikesDto> {
    return this.commands.execute(new LikePostCommand(reactorOf(auth), id, true));
  }

  @Delete(':id/like')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Take your like back' })
  @ApiOkResponse({ type: LikesDto })
  unlike(@CurrentAuth() auth: AuthContext, @Param('id', uuid) id: string): Promise<LikesDto> {
    return this.commands.execute(new LikePostCommand(reactorOf(auth), id, false));
  }

  @Get(':id/comments')
  @ApiBearerAuth()
  @UseGuards(OptionalAuthGuard)
  @ApiOperation({ summary: "A post's comments, oldest first (hidden ones only for their author and the creator)" })
  @ApiOkResponse({ type: CommentPageDto })
  comments(
    @Viewer() viewer: AuthContext | null,
    @AgeChecked() ageChecked: boolean,
    @Param('id', uuid) id: string,
    @Query() query: PageQueryDto,
  ): Promise<CommentPageDto> {
    return this.queries.execute(
      new PostCommentsQuery(id, viewerOf(viewer, ageChecked), query.cursor, query.limit ?? 20),
    );
  }

  @Post(':id/comments')
  @HttpCode(201)
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Comment on a post (when comments are on and its creator has not blocked you)' })
  @ApiCreatedResponse({ type: CommentViewDto })
  comment(
    @CurrentAuth() auth: AuthContext,
    @Param('id', uuid) id: string,
    @Body() body: CommentDto,
  ): Promise<CommentViewDto> {
    return this.commands.execute(new CommentOnPostCommand(reactorOf(auth), id, body.text));
  }

  @Delete(':id/comments/:commentId')
  @HttpCode(204)
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Delete your comment, or any comment on your post' })
  @ApiNoContentResponse()
  async deleteComment(
    @CurrentAuth() auth: AuthContext,
    @Param('id', uuid) id: string,
    @Param('commentId', uuid) commentId: string,
  ): Promise<void> {
    await this.commands.execute(new DeleteCommentCommand(auth.user.id, id, commentId));
  }

  @Put(':id/comments/:commentId/hidden')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Hide a comment on your post (its author still sees it)' })
  @ApiOkResponse({ type: CommentViewDto })
  hide(
    @CurrentAuth() auth: AuthContext,
    @Param('id', uuid) id: string,
    @Param('commentId', uuid) commentId: string,
  ): Promise<CommentViewDto> {
    return this.commands.execute(new HideCommentCommand(auth.user.id, id, commentId, true));
  }

  @Delete(':id/comments/:commentId/hidden')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Show a hidden comment on your post again' })
  @ApiOkResponse({ type: CommentViewDto })
  unhide(
    @CurrentAuth() auth: AuthContext,
    @Param('id', uuid) id: string,
    @Param('commentId', uuid) commentId: string,
  ): Promise<CommentViewDto> {
    return this.commands.execute(new HideCommentCommand(auth.user.id, id, commentId, false));
  }
}

/** A store's posts on its page, and a member's feed. */
@ApiTags('posts')
@Controller('api')
@UseGuards(LivePhaseGuard)
export class FeedController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('stores/:slug/posts')
  @ApiBearerAuth()
  @UseGuards(OptionalAuthGuard)
  @ApiOperation({
    summary:
      "A store's published posts, pinned first, then newest; locked ones with their teaser. NSFW as for the store page",
  })
  @ApiOkResponse({ type: PostPageDto })
  storePosts(
    @Viewer() viewer: AuthContext | null,
    @AgeChecked() ageChecked: boolean,
    @Param('slug') slug: string,
    @Query() query: PageQueryDto,
  ): Promise<PostPageDto> {
    return this.queries.execute(
      new StorePostsQuery(slug, viewerOf(viewer, ageChecked), query.cursor, query.limit ?? 20),
    );
  }

  @Get('feed')
  @ApiBearerAuth()
  @UseGuards(BearerGuard)
  @ApiOperation({ summary: 'Your feed: published posts of the stores you follow or subscribe to, newest first' })
  @ApiOkResponse({ type: FeedPageDto })
  feed(@CurrentAuth() auth: AuthContext, @Query() query: PageQueryDto): Promise<FeedPageDto> {
    return this.queries.execute(
      new FeedQuery({ actor: actorOf(auth), ageChecked: true }, query.cursor, query.limit ?? 20),
    );
  }
}
