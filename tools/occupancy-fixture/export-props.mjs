// Writes the device properties of warpsim's presets in the form occupancy_fixture.cpp reads.
import { PRESETS } from "../../dist/index.js";

console.log("name,major,minor,maxThreadsPerBlock,maxThreadsPerSm,regsPerBlock,regsPerSm,smemPerBlock,smemPerSm,numSms,smemPerBlockOptin,reservedSmemPerBlock");
for (const a of Object.values(PRESETS)) {
  console.log(
    [a.name, ...a.computeCapability, a.maxThreadsPerBlock, a.maxThreadsPerSm, a.registersPerBlock, a.registersPerSm,
      a.sharedMemPerBlockBytes, a.sharedMemPerSmBytes, a.smCount, a.sharedMemPerBlockOptinBytes, a.reservedSharedMemPerBlockBytes].join(","),
  );
}
