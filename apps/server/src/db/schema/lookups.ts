import { date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

export const organizationTypes = pgTable('organization_types', {
  id: id(),
  name: text('name').notNull().unique(),
});

export const grades = pgTable('grades', {
  id: id(),
  name: text('name').notNull().unique(),
  sortOrder: integer('sort_order').notNull().unique(),
});

export const positions = pgTable('positions', {
  id: id(),
  name: text('name').notNull().unique(),
  label: text('label').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const usStates = pgTable('us_states', {
  code: text('code').primaryKey(),
  name: text('name').notNull().unique(),
});

export const countries = pgTable('countries', {
  id: id(),
  name: text('name').notNull().unique(),
  sortOrder: integer('sort_order').notNull(),
});

export const schoolYears = pgTable('school_years', {
  id: id(),
  name: text('name').notNull().unique(),
  startsOn: date('starts_on').notNull(),
  endsOn: date('ends_on').notNull(),
});
