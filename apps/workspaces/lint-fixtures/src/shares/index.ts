// The feature the fixtures in ../members import from (its index is what it exports).
export class SharesModule {}
