import { z } from 'zod';
import { Id, Paging, TextFilter } from './common';
import { TagName } from './tag';

// The tag generator (/ContentTag/index): keywords of a content item proposed as tags, the chosen ones attached.

export const SUGGEST_LIMIT_DEFAULT = 12;
export const SUGGEST_LIMIT_MAX = 30;

export const SuggestQuery = z.object({
  content_id: Id,
  limit: z.coerce.number().int().min(1).max(SUGGEST_LIMIT_MAX).default(SUGGEST_LIMIT_DEFAULT),
});

export interface TagSuggestion {
  name: string;
  /** Relevance in the text (TF-IDF); 0 for an existing tag found verbatim. */
  weight: number;
  /** The site's live tag of that name, if there is one. */
  tag_id: number | null;
  /** The content already carries it. */
  attached: boolean;
}

export interface SuggestResult {
  content: { id: number; title: string; site_id: number };
  /** Tags the content carries now. */
  tags: Array<{ id: number; name: string }>;
  suggestions: TagSuggestion[];
}

export const AttachBody = z.object({
  content_id: Id,
  names: z.array(TagName).min(1).max(50),
});
export interface AttachResult {
  /** Tags created in the site for names it did not have. */
  created: number;
  /** Tags newly attached to the content. */
  attached: number;
}

/** GET /contentTag/contents: the current site's live content to pick from. */
export const ContentPickQuery = Paging.extend({ keyword: TextFilter });
export interface ContentPick {
  id: number;
  title: string;
  category_title: string;
  tags: string[];
  updated_at: string;
}
