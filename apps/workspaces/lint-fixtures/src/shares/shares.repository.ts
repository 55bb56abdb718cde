// Internal to the feature: the fixture in ../members must not import it.
export class SharesRepository {}
