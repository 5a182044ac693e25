/** Well-formed UUIDs (the domain's schemas check them) for the lookups and organizations of these tests. */
export const ids = {
  teacher: '0b7c0d3e-1a2b-4c3d-8e4f-5a6b7c8d9e01',
  coach: '0b7c0d3e-1a2b-4c3d-8e4f-5a6b7c8d9e02',
  gradeK: '1c8d1e4f-2b3c-4d4e-9f50-6b7c8d9e0f01',
  grade1: '1c8d1e4f-2b3c-4d4e-9f50-6b7c8d9e0f02',
  grade2: '1c8d1e4f-2b3c-4d4e-9f50-6b7c8d9e0f03',
  school: '2d9e2f50-3c4d-4e5f-a061-7c8d9e0f1a01',
  lincoln: '3eaf3061-4d5e-4f60-b172-8d9e0f1a2b01',
  washington: '3eaf3061-4d5e-4f60-b172-8d9e0f1a2b02',
  springfield: '4fb04172-5e6f-4071-8283-9e0f1a2b3c01',
} as const;
