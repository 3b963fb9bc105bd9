import { z } from 'zod';
import { Id, Paging, Status, TextFilter } from './common';

export const Role = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  is_super: z.boolean(),
  status: Status,
  admin_count: z.number().int(),
  created_at: z.string(),
});
export type Role = z.infer<typeof Role>;

const roleFields = {
  name: z.string().trim().min(1, { message: 'validation.roleName' }).max(50),
  description: z.string().trim().max(200).default(''),
  /** Menu keys the role may use. */
  permissions: z.array(z.string().min(1).max(100)).max(1000).default([]),
  status: Status.default(1),
};
export const RoleCreate = z.object(roleFields);
export type RoleCreate = z.infer<typeof RoleCreate>;
export const RoleUpdate = z.object({ id: Id, ...roleFields });
export type RoleUpdate = z.infer<typeof RoleUpdate>;
export const RoleListQuery = Paging.extend({ name: TextFilter });
