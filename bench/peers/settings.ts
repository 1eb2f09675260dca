/** The load settings every HTTP measurement of a run shares (suite.ts reads them from the environment). */
export interface PeerSettings {
  seconds: number;
  rounds: number;
  connections: number;
  warmUpSeconds: number;
}
