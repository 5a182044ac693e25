import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { ToolkitAudience, ToolkitUserFlags } from '@portal/domain/content/toolkit.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { Database } from '../client.ts';
import { favourites, toolkitCategories, toolkitDocuments, toolkitGroupings } from '../schema/toolkit.ts';
import { users } from '../schema/users.ts';

/**
 * The demo Treasure Chest: categories for everyone, for school leaders and for test prep; Literacy
 * and Mathematics groupings with grade-pilot groupings nested inside. Each document is a generated
 * PDF. Flags: the Lincoln teacher and coach are in the grade 3 pilot, the coach also in test prep,
 * and the coach has saved three documents. Seeded once, into an empty Treasure Chest, so what staff
 * change afterwards stays.
 */

interface DemoDocument {
  title: string;
  description: string;
  lines: string[];
}

interface DemoGrouping {
  title: string;
  audience?: ToolkitAudience[];
  documents: DemoDocument[];
  children?: DemoGrouping[];
}

const doc = (title: string, description: string, ...lines: string[]): DemoDocument => ({ title, description, lines });

export const demoCategories: { name: string; audience?: ToolkitAudience[]; documents: DemoDocument[] }[] = [
  {
    name: 'Classroom Routines',
    documents: [
      doc(
        'Morning Meeting Guide',
        'Greeting, sharing, activity and message: a 20-minute start to the day.',
        'Greeting (3 min)',
        'Sharing (5 min)',
        'Group activity (7 min)',
        'Morning message (5 min)',
      ),
      doc(
        'Transitions Cheat Sheet',
        'Signals and songs that move a class between activities in under a minute.',
        'Use one signal for attention',
        'Count down from ten',
        'Practise each transition twice',
      ),
    ],
  },
  {
    name: 'School Leadership',
    audience: ['schoolLeader'],
    documents: [
      doc(
        'Instructional Walkthrough Checklist',
        'What to look for in a ten-minute classroom visit, and how to give feedback the same day.',
        'Learning target posted and referenced',
        'Students talking about the work',
        'Feedback within 24 hours',
      ),
      doc(
        'Leading Data Meetings',
        'A protocol for grade-level teams looking at student work together.',
        'Look at the work',
        'Describe before judging',
        'Agree on one next step',
      ),
    ],
  },
  {
    name: 'Test Preparation',
    audience: ['testPrep'],
    documents: [
      doc(
        'State Test Practice Calendar',
        'Eight weeks of short, spaced practice before the spring assessment.',
        'Weeks 1-2: reading stamina',
        'Weeks 3-5: constructed response',
        'Weeks 6-8: full practice sets',
      ),
    ],
  },
];

export const demoGroupings: DemoGrouping[] = [
  {
    title: 'Literacy',
    documents: [
      doc(
        'Reading Workshop Mini-Lessons',
        'Twenty mini-lessons for the first month of reading workshop.',
        'Choosing a just-right book',
        'Stopping to think',
        'Talking with a partner',
      ),
    ],
    children: [
      {
        title: 'Grade 3 Pilot',
        audience: ['grade3Pilot'],
        documents: [
          doc(
            'Grade 3 Pilot Overview',
            'How the grade 3 literacy pilot runs this year: units, assessments and coaching visits.',
            'Four units',
            'Two coaching visits per unit',
          ),
        ],
        children: [
          {
            title: 'Unit 1: Building a Reading Life',
            documents: [
              doc(
                'Unit 1 Lesson Plans',
                'Day-by-day plans for the first four weeks of the grade 3 pilot.',
                'Week 1: reading identities',
                'Week 2: book choice',
                'Week 3: stamina',
                'Week 4: book clubs',
              ),
            ],
          },
        ],
      },
      {
        title: 'Grade 4 Pilot',
        audience: ['grade4Pilot'],
        documents: [
          doc(
            'Grade 4 Pilot Overview',
            'The grade 4 pilot: nonfiction reading and research writing.',
            'Three units',
            'Shared research projects',
          ),
        ],
      },
      {
        title: 'Grade 5 Pilot',
        audience: ['grade5Pilot'],
        documents: [
          doc(
            'Grade 5 Pilot Overview',
            'The grade 5 pilot: novel studies and literary essays.',
            'Two novel studies',
            'One literary essay unit',
          ),
        ],
      },
    ],
  },
  {
    title: 'Mathematics',
    documents: [
      doc(
        'Number Talks Starter Kit',
        'Fifteen-minute number talks, with dot images and strings to start with.',
        'Dot images',
        'Addition strings',
        'Recording student thinking',
      ),
    ],
    children: [
      {
        title: 'Problem Solving Routines',
        documents: [
          doc(
            'Three-Act Tasks Guide',
            'Run a three-act math task: notice, wonder, solve, reveal.',
            'Act 1: the hook',
            'Act 2: the information',
            'Act 3: the reveal',
          ),
        ],
      },
    ],
  },
];

/** Flags of demo members beyond toolkit access (set in demo.ts). */
export const demoToolkitFlags: Record<string, Partial<ToolkitUserFlags>> = {
  'teacher.lincoln@demo.test': { grade3Pilot: true },
  'coach.lincoln@demo.test': { grade3Pilot: true, testPrep: true },
};

/** What coach.lincoln@demo.test has saved. */
export const demoFavourites = {
  email: 'coach.lincoln@demo.test',
  titles: ['Morning Meeting Guide', 'Unit 1 Lesson Plans', 'State Test Practice Calendar'],
};

/** A one-page handout: its title, a line of description and a few points, drawn with pdf-lib as the certificates are. */
async function documentPdf(document: DemoDocument): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(document.title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  page.drawText(document.title, { x: 72, y: 720, size: 20, font: bold });
  page.drawText(document.description, { x: 72, y: 690, size: 10, font, maxWidth: 468, lineHeight: 14 });
  document.lines.forEach((line, index) => page.drawText(`- ${line}`, { x: 72, y: 640 - index * 22, size: 12, font }));
  return Buffer.from(await pdf.save());
}

const fileNameOf = (title: string) =>
  `${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.pdf`;

export async function seedDemoToolkit(db: Database, storage: FileStorage): Promise<void> {
  const [existing] = await db.select({ id: toolkitCategories.id }).from(toolkitCategories).limit(1);
  const [existingGrouping] = await db.select({ id: toolkitGroupings.id }).from(toolkitGroupings).limit(1);
  if (existing || existingGrouping) return;

  // Files first, outside the transaction: a row never names a missing file, and a failed run leaves only unnamed files.
  const files = new Map<DemoDocument, { key: string; bytes: Buffer }>();
  const allDocuments = [
    ...demoCategories.flatMap((c) => c.documents),
    ...flatten(demoGroupings).flatMap((g) => g.documents),
  ];
  for (const document of allDocuments) {
    const bytes = await documentPdf(document);
    const key = `toolkit-documents/${randomUUID()}/${fileNameOf(document.title)}`;
    await storage.put(key, bytes, 'application/pdf');
    files.set(document, { key, bytes });
  }

  await db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    const insertDocuments = async (documents: DemoDocument[], place: { categoryId?: string; groupingId?: string }) => {
      for (const [position, document] of documents.entries()) {
        const file = files.get(document);
        if (!file) continue;
        const [row] = await tx
          .insert(toolkitDocuments)
          .values({
            title: document.title,
            description: document.description,
            categoryId: place.categoryId ?? null,
            groupingId: place.groupingId ?? null,
            fileKey: file.key,
            fileName: fileNameOf(document.title),
            fileSize: file.bytes.length,
            position,
          })
          .returning({ id: toolkitDocuments.id });
        if (row) ids.set(document.title, row.id);
      }
    };
    for (const [position, category] of demoCategories.entries()) {
      const [row] = await tx
        .insert(toolkitCategories)
        .values({ name: category.name, audience: category.audience ?? [], position })
        .returning({ id: toolkitCategories.id });
      if (row) await insertDocuments(category.documents, { categoryId: row.id });
    }
    const insertGroupings = async (groupings: DemoGrouping[], parentId: string | null) => {
      for (const [position, grouping] of groupings.entries()) {
        const [row] = await tx
          .insert(toolkitGroupings)
          .values({ title: grouping.title, parentId, audience: grouping.audience ?? [], position })
          .returning({ id: toolkitGroupings.id });
        if (!row) continue;
        await insertDocuments(grouping.documents, { groupingId: row.id });
        await insertGroupings(grouping.children ?? [], row.id);
      }
    };
    await insertGroupings(demoGroupings, null);

    const members = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, Object.keys(demoToolkitFlags)));
    for (const member of members) {
      const flags = demoToolkitFlags[member.email];
      if (flags)
        await tx
          .update(users)
          .set(flags)
          .where(inArray(users.id, [member.id]));
    }
    const saver = members.find((m) => m.email === demoFavourites.email);
    const saved = demoFavourites.titles.flatMap((title) => {
      const id = ids.get(title);
      return id ? [id] : [];
    });
    if (saver && saved.length > 0) {
      await tx
        .insert(favourites)
        .values(saved.map((targetId) => ({ userId: saver.id, targetType: 'toolkit_document', targetId })))
        .onConflictDoNothing();
    }
  });
}

function flatten(groupings: DemoGrouping[]): DemoGrouping[] {
  return groupings.flatMap((g) => [g, ...flatten(g.children ?? [])]);
}
