* forestcoll-opt allreduce LP (explicit formulation) of topology "paper-example"
* bandwidths, x and the objective are in units of R = 8 "b" (2^3); multiply by R for topology units
* names use node indices: columns x_<v>, re_/bc_<a>_<b> (logical capacity), route_<kind>_<source>_<u>_<v>; rows relay_/deliver_<kind>_<source>_<v>, cap_<u>_<v>, and cut_<kind>_<n> (cuts) or flow_/src_/fcap_/fsrc_/fkeep_/fsink_<kind>_<target>_... (explicit)
* node index -> id:
*   0 "global" switch
*   1 "box0/switch" switch
*   2 "box0/c0" compute
*   3 "box0/c1" compute
*   4 "box0/c2" compute
*   5 "box0/c3" compute
*   6 "box1/switch" switch
*   7 "box1/c0" compute
*   8 "box1/c1" compute
*   9 "box1/c2" compute
*   10 "box1/c3" compute
OBJSENSE
 MAX
NAME          allreduce
ROWS
 N  OBJ
 E  relay_re_2_0
 E  relay_re_2_1
 E  deliver_re_2_3
 E  deliver_re_2_4
 E  deliver_re_2_5
 E  relay_re_2_6
 E  deliver_re_2_7
 E  deliver_re_2_8
 E  deliver_re_2_9
 E  deliver_re_2_10
 E  relay_re_3_0
 E  relay_re_3_1
 E  deliver_re_3_2
 E  deliver_re_3_4
 E  deliver_re_3_5
 E  relay_re_3_6
 E  deliver_re_3_7
 E  deliver_re_3_8
 E  deliver_re_3_9
 E  deliver_re_3_10
 E  relay_re_4_0
 E  relay_re_4_1
 E  deliver_re_4_2
 E  deliver_re_4_3
 E  deliver_re_4_5
 E  relay_re_4_6
 E  deliver_re_4_7
 E  deliver_re_4_8
 E  deliver_re_4_9
 E  deliver_re_4_10
 E  relay_re_5_0
 E  relay_re_5_1
 E  deliver_re_5_2
 E  deliver_re_5_3
 E  deliver_re_5_4
 E  relay_re_5_6
 E  deliver_re_5_7
 E  deliver_re_5_8
 E  deliver_re_5_9
 E  deliver_re_5_10
 E  relay_re_7_0
 E  relay_re_7_1
 E  deliver_re_7_2
 E  deliver_re_7_3
 E  deliver_re_7_4
 E  deliver_re_7_5
 E  relay_re_7_6
 E  deliver_re_7_8
 E  deliver_re_7_9
 E  deliver_re_7_10
 E  relay_re_8_0
 E  relay_re_8_1
 E  deliver_re_8_2
 E  deliver_re_8_3
 E  deliver_re_8_4
 E  deliver_re_8_5
 E  relay_re_8_6
 E  deliver_re_8_7
 E  deliver_re_8_9
 E  deliver_re_8_10
 E  relay_re_9_0
 E  relay_re_9_1
 E  deliver_re_9_2
 E  deliver_re_9_3
 E  deliver_re_9_4
 E  deliver_re_9_5
 E  relay_re_9_6
 E  deliver_re_9_7
 E  deliver_re_9_8
 E  deliver_re_9_10
 E  relay_re_10_0
 E  relay_re_10_1
 E  deliver_re_10_2
 E  deliver_re_10_3
 E  deliver_re_10_4
 E  deliver_re_10_5
 E  relay_re_10_6
 E  deliver_re_10_7
 E  deliver_re_10_8
 E  deliver_re_10_9
 E  relay_bc_2_0
 E  relay_bc_2_1
 E  deliver_bc_2_3
 E  deliver_bc_2_4
 E  deliver_bc_2_5
 E  relay_bc_2_6
 E  deliver_bc_2_7
 E  deliver_bc_2_8
 E  deliver_bc_2_9
 E  deliver_bc_2_10
 E  relay_bc_3_0
 E  relay_bc_3_1
 E  deliver_bc_3_2
 E  deliver_bc_3_4
 E  deliver_bc_3_5
 E  relay_bc_3_6
 E  deliver_bc_3_7
 E  deliver_bc_3_8
 E  deliver_bc_3_9
 E  deliver_bc_3_10
 E  relay_bc_4_0
 E  relay_bc_4_1
 E  deliver_bc_4_2
 E  deliver_bc_4_3
 E  deliver_bc_4_5
 E  relay_bc_4_6
 E  deliver_bc_4_7
 E  deliver_bc_4_8
 E  deliver_bc_4_9
 E  deliver_bc_4_10
 E  relay_bc_5_0
 E  relay_bc_5_1
 E  deliver_bc_5_2
 E  deliver_bc_5_3
 E  deliver_bc_5_4
 E  relay_bc_5_6
 E  deliver_bc_5_7
 E  deliver_bc_5_8
 E  deliver_bc_5_9
 E  deliver_bc_5_10
 E  relay_bc_7_0
 E  relay_bc_7_1
 E  deliver_bc_7_2
 E  deliver_bc_7_3
 E  deliver_bc_7_4
 E  deliver_bc_7_5
 E  relay_bc_7_6
 E  deliver_bc_7_8
 E  deliver_bc_7_9
 E  deliver_bc_7_10
 E  relay_bc_8_0
 E  relay_bc_8_1
 E  deliver_bc_8_2
 E  deliver_bc_8_3
 E  deliver_bc_8_4
 E  deliver_bc_8_5
 E  relay_bc_8_6
 E  deliver_bc_8_7
 E  deliver_bc_8_9
 E  deliver_bc_8_10
 E  relay_bc_9_0
 E  relay_bc_9_1
 E  deliver_bc_9_2
 E  deliver_bc_9_3
 E  deliver_bc_9_4
 E  deliver_bc_9_5
 E  relay_bc_9_6
 E  deliver_bc_9_7
 E  deliver_bc_9_8
 E  deliver_bc_9_10
 E  relay_bc_10_0
 E  relay_bc_10_1
 E  deliver_bc_10_2
 E  deliver_bc_10_3
 E  deliver_bc_10_4
 E  deliver_bc_10_5
 E  relay_bc_10_6
 E  deliver_bc_10_7
 E  deliver_bc_10_8
 E  deliver_bc_10_9
 L  cap_0_2
 L  cap_0_3
 L  cap_0_4
 L  cap_0_5
 L  cap_0_7
 L  cap_0_8
 L  cap_0_9
 L  cap_0_10
 L  cap_1_2
 L  cap_1_3
 L  cap_1_4
 L  cap_1_5
 L  cap_2_0
 L  cap_2_1
 L  cap_3_0
 L  cap_3_1
 L  cap_4_0
 L  cap_4_1
 L  cap_5_0
 L  cap_5_1
 L  cap_6_7
 L  cap_6_8
 L  cap_6_9
 L  cap_6_10
 L  cap_7_0
 L  cap_7_6
 L  cap_8_0
 L  cap_8_6
 L  cap_9_0
 L  cap_9_6
 L  cap_10_0
 L  cap_10_6
 L  fcap_re_2_2_3
 L  fcap_re_2_2_4
 L  fcap_re_2_2_5
 L  fcap_re_2_2_7
 L  fcap_re_2_2_8
 L  fcap_re_2_2_9
 L  fcap_re_2_2_10
 L  fcap_re_2_3_2
 L  fcap_re_2_3_4
 L  fcap_re_2_3_5
 L  fcap_re_2_3_7
 L  fcap_re_2_3_8
 L  fcap_re_2_3_9
 L  fcap_re_2_3_10
 L  fcap_re_2_4_2
 L  fcap_re_2_4_3
 L  fcap_re_2_4_5
 L  fcap_re_2_4_7
 L  fcap_re_2_4_8
 L  fcap_re_2_4_9
 L  fcap_re_2_4_10
 L  fcap_re_2_5_2
 L  fcap_re_2_5_3
 L  fcap_re_2_5_4
 L  fcap_re_2_5_7
 L  fcap_re_2_5_8
 L  fcap_re_2_5_9
 L  fcap_re_2_5_10
 L  fcap_re_2_7_2
 L  fcap_re_2_7_3
 L  fcap_re_2_7_4
 L  fcap_re_2_7_5
 L  fcap_re_2_7_8
 L  fcap_re_2_7_9
 L  fcap_re_2_7_10
 L  fcap_re_2_8_2
 L  fcap_re_2_8_3
 L  fcap_re_2_8_4
 L  fcap_re_2_8_5
 L  fcap_re_2_8_7
 L  fcap_re_2_8_9
 L  fcap_re_2_8_10
 L  fcap_re_2_9_2
 L  fcap_re_2_9_3
 L  fcap_re_2_9_4
 L  fcap_re_2_9_5
 L  fcap_re_2_9_7
 L  fcap_re_2_9_8
 L  fcap_re_2_9_10
 L  fcap_re_2_10_2
 L  fcap_re_2_10_3
 L  fcap_re_2_10_4
 L  fcap_re_2_10_5
 L  fcap_re_2_10_7
 L  fcap_re_2_10_8
 L  fcap_re_2_10_9
 L  fsrc_re_2_2
 L  fsrc_re_2_3
 L  fsrc_re_2_4
 L  fsrc_re_2_5
 L  fsrc_re_2_7
 L  fsrc_re_2_8
 L  fsrc_re_2_9
 L  fsrc_re_2_10
 G  fsink_re_2
 E  fkeep_re_2_3
 E  fkeep_re_2_4
 E  fkeep_re_2_5
 E  fkeep_re_2_7
 E  fkeep_re_2_8
 E  fkeep_re_2_9
 E  fkeep_re_2_10
 L  fcap_re_3_2_3
 L  fcap_re_3_2_4
 L  fcap_re_3_2_5
 L  fcap_re_3_2_7
 L  fcap_re_3_2_8
 L  fcap_re_3_2_9
 L  fcap_re_3_2_10
 L  fcap_re_3_3_2
 L  fcap_re_3_3_4
 L  fcap_re_3_3_5
 L  fcap_re_3_3_7
 L  fcap_re_3_3_8
 L  fcap_re_3_3_9
 L  fcap_re_3_3_10
 L  fcap_re_3_4_2
 L  fcap_re_3_4_3
 L  fcap_re_3_4_5
 L  fcap_re_3_4_7
 L  fcap_re_3_4_8
 L  fcap_re_3_4_9
 L  fcap_re_3_4_10
 L  fcap_re_3_5_2
 L  fcap_re_3_5_3
 L  fcap_re_3_5_4
 L  fcap_re_3_5_7
 L  fcap_re_3_5_8
 L  fcap_re_3_5_9
 L  fcap_re_3_5_10
 L  fcap_re_3_7_2
 L  fcap_re_3_7_3
 L  fcap_re_3_7_4
 L  fcap_re_3_7_5
 L  fcap_re_3_7_8
 L  fcap_re_3_7_9
 L  fcap_re_3_7_10
 L  fcap_re_3_8_2
 L  fcap_re_3_8_3
 L  fcap_re_3_8_4
 L  fcap_re_3_8_5
 L  fcap_re_3_8_7
 L  fcap_re_3_8_9
 L  fcap_re_3_8_10
 L  fcap_re_3_9_2
 L  fcap_re_3_9_3
 L  fcap_re_3_9_4
 L  fcap_re_3_9_5
 L  fcap_re_3_9_7
 L  fcap_re_3_9_8
 L  fcap_re_3_9_10
 L  fcap_re_3_10_2
 L  fcap_re_3_10_3
 L  fcap_re_3_10_4
 L  fcap_re_3_10_5
 L  fcap_re_3_10_7
 L  fcap_re_3_10_8
 L  fcap_re_3_10_9
 L  fsrc_re_3_2
 L  fsrc_re_3_3
 L  fsrc_re_3_4
 L  fsrc_re_3_5
 L  fsrc_re_3_7
 L  fsrc_re_3_8
 L  fsrc_re_3_9
 L  fsrc_re_3_10
 E  fkeep_re_3_2
 G  fsink_re_3
 E  fkeep_re_3_4
 E  fkeep_re_3_5
 E  fkeep_re_3_7
 E  fkeep_re_3_8
 E  fkeep_re_3_9
 E  fkeep_re_3_10
 L  fcap_re_4_2_3
 L  fcap_re_4_2_4
 L  fcap_re_4_2_5
 L  fcap_re_4_2_7
 L  fcap_re_4_2_8
 L  fcap_re_4_2_9
 L  fcap_re_4_2_10
 L  fcap_re_4_3_2
 L  fcap_re_4_3_4
 L  fcap_re_4_3_5
 L  fcap_re_4_3_7
 L  fcap_re_4_3_8
 L  fcap_re_4_3_9
 L  fcap_re_4_3_10
 L  fcap_re_4_4_2
 L  fcap_re_4_4_3
 L  fcap_re_4_4_5
 L  fcap_re_4_4_7
 L  fcap_re_4_4_8
 L  fcap_re_4_4_9
 L  fcap_re_4_4_10
 L  fcap_re_4_5_2
 L  fcap_re_4_5_3
 L  fcap_re_4_5_4
 L  fcap_re_4_5_7
 L  fcap_re_4_5_8
 L  fcap_re_4_5_9
 L  fcap_re_4_5_10
 L  fcap_re_4_7_2
 L  fcap_re_4_7_3
 L  fcap_re_4_7_4
 L  fcap_re_4_7_5
 L  fcap_re_4_7_8
 L  fcap_re_4_7_9
 L  fcap_re_4_7_10
 L  fcap_re_4_8_2
 L  fcap_re_4_8_3
 L  fcap_re_4_8_4
 L  fcap_re_4_8_5
 L  fcap_re_4_8_7
 L  fcap_re_4_8_9
 L  fcap_re_4_8_10
 L  fcap_re_4_9_2
 L  fcap_re_4_9_3
 L  fcap_re_4_9_4
 L  fcap_re_4_9_5
 L  fcap_re_4_9_7
 L  fcap_re_4_9_8
 L  fcap_re_4_9_10
 L  fcap_re_4_10_2
 L  fcap_re_4_10_3
 L  fcap_re_4_10_4
 L  fcap_re_4_10_5
 L  fcap_re_4_10_7
 L  fcap_re_4_10_8
 L  fcap_re_4_10_9
 L  fsrc_re_4_2
 L  fsrc_re_4_3
 L  fsrc_re_4_4
 L  fsrc_re_4_5
 L  fsrc_re_4_7
 L  fsrc_re_4_8
 L  fsrc_re_4_9
 L  fsrc_re_4_10
 E  fkeep_re_4_2
 E  fkeep_re_4_3
 G  fsink_re_4
 E  fkeep_re_4_5
 E  fkeep_re_4_7
 E  fkeep_re_4_8
 E  fkeep_re_4_9
 E  fkeep_re_4_10
 L  fcap_re_5_2_3
 L  fcap_re_5_2_4
 L  fcap_re_5_2_5
 L  fcap_re_5_2_7
 L  fcap_re_5_2_8
 L  fcap_re_5_2_9
 L  fcap_re_5_2_10
 L  fcap_re_5_3_2
 L  fcap_re_5_3_4
 L  fcap_re_5_3_5
 L  fcap_re_5_3_7
 L  fcap_re_5_3_8
 L  fcap_re_5_3_9
 L  fcap_re_5_3_10
 L  fcap_re_5_4_2
 L  fcap_re_5_4_3
 L  fcap_re_5_4_5
 L  fcap_re_5_4_7
 L  fcap_re_5_4_8
 L  fcap_re_5_4_9
 L  fcap_re_5_4_10
 L  fcap_re_5_5_2
 L  fcap_re_5_5_3
 L  fcap_re_5_5_4
 L  fcap_re_5_5_7
 L  fcap_re_5_5_8
 L  fcap_re_5_5_9
 L  fcap_re_5_5_10
 L  fcap_re_5_7_2
 L  fcap_re_5_7_3
 L  fcap_re_5_7_4
 L  fcap_re_5_7_5
 L  fcap_re_5_7_8
 L  fcap_re_5_7_9
 L  fcap_re_5_7_10
 L  fcap_re_5_8_2
 L  fcap_re_5_8_3
 L  fcap_re_5_8_4
 L  fcap_re_5_8_5
 L  fcap_re_5_8_7
 L  fcap_re_5_8_9
 L  fcap_re_5_8_10
 L  fcap_re_5_9_2
 L  fcap_re_5_9_3
 L  fcap_re_5_9_4
 L  fcap_re_5_9_5
 L  fcap_re_5_9_7
 L  fcap_re_5_9_8
 L  fcap_re_5_9_10
 L  fcap_re_5_10_2
 L  fcap_re_5_10_3
 L  fcap_re_5_10_4
 L  fcap_re_5_10_5
 L  fcap_re_5_10_7
 L  fcap_re_5_10_8
 L  fcap_re_5_10_9
 L  fsrc_re_5_2
 L  fsrc_re_5_3
 L  fsrc_re_5_4
 L  fsrc_re_5_5
 L  fsrc_re_5_7
 L  fsrc_re_5_8
 L  fsrc_re_5_9
 L  fsrc_re_5_10
 E  fkeep_re_5_2
 E  fkeep_re_5_3
 E  fkeep_re_5_4
 G  fsink_re_5
 E  fkeep_re_5_7
 E  fkeep_re_5_8
 E  fkeep_re_5_9
 E  fkeep_re_5_10
 L  fcap_re_7_2_3
 L  fcap_re_7_2_4
 L  fcap_re_7_2_5
 L  fcap_re_7_2_7
 L  fcap_re_7_2_8
 L  fcap_re_7_2_9
 L  fcap_re_7_2_10
 L  fcap_re_7_3_2
 L  fcap_re_7_3_4
 L  fcap_re_7_3_5
 L  fcap_re_7_3_7
 L  fcap_re_7_3_8
 L  fcap_re_7_3_9
 L  fcap_re_7_3_10
 L  fcap_re_7_4_2
 L  fcap_re_7_4_3
 L  fcap_re_7_4_5
 L  fcap_re_7_4_7
 L  fcap_re_7_4_8
 L  fcap_re_7_4_9
 L  fcap_re_7_4_10
 L  fcap_re_7_5_2
 L  fcap_re_7_5_3
 L  fcap_re_7_5_4
 L  fcap_re_7_5_7
 L  fcap_re_7_5_8
 L  fcap_re_7_5_9
 L  fcap_re_7_5_10
 L  fcap_re_7_7_2
 L  fcap_re_7_7_3
 L  fcap_re_7_7_4
 L  fcap_re_7_7_5
 L  fcap_re_7_7_8
 L  fcap_re_7_7_9
 L  fcap_re_7_7_10
 L  fcap_re_7_8_2
 L  fcap_re_7_8_3
 L  fcap_re_7_8_4
 L  fcap_re_7_8_5
 L  fcap_re_7_8_7
 L  fcap_re_7_8_9
 L  fcap_re_7_8_10
 L  fcap_re_7_9_2
 L  fcap_re_7_9_3
 L  fcap_re_7_9_4
 L  fcap_re_7_9_5
 L  fcap_re_7_9_7
 L  fcap_re_7_9_8
 L  fcap_re_7_9_10
 L  fcap_re_7_10_2
 L  fcap_re_7_10_3
 L  fcap_re_7_10_4
 L  fcap_re_7_10_5
 L  fcap_re_7_10_7
 L  fcap_re_7_10_8
 L  fcap_re_7_10_9
 L  fsrc_re_7_2
 L  fsrc_re_7_3
 L  fsrc_re_7_4
 L  fsrc_re_7_5
 L  fsrc_re_7_7
 L  fsrc_re_7_8
 L  fsrc_re_7_9
 L  fsrc_re_7_10
 E  fkeep_re_7_2
 E  fkeep_re_7_3
 E  fkeep_re_7_4
 E  fkeep_re_7_5
 G  fsink_re_7
 E  fkeep_re_7_8
 E  fkeep_re_7_9
 E  fkeep_re_7_10
 L  fcap_re_8_2_3
 L  fcap_re_8_2_4
 L  fcap_re_8_2_5
 L  fcap_re_8_2_7
 L  fcap_re_8_2_8
 L  fcap_re_8_2_9
 L  fcap_re_8_2_10
 L  fcap_re_8_3_2
 L  fcap_re_8_3_4
 L  fcap_re_8_3_5
 L  fcap_re_8_3_7
 L  fcap_re_8_3_8
 L  fcap_re_8_3_9
 L  fcap_re_8_3_10
 L  fcap_re_8_4_2
 L  fcap_re_8_4_3
 L  fcap_re_8_4_5
 L  fcap_re_8_4_7
 L  fcap_re_8_4_8
 L  fcap_re_8_4_9
 L  fcap_re_8_4_10
 L  fcap_re_8_5_2
 L  fcap_re_8_5_3
 L  fcap_re_8_5_4
 L  fcap_re_8_5_7
 L  fcap_re_8_5_8
 L  fcap_re_8_5_9
 L  fcap_re_8_5_10
 L  fcap_re_8_7_2
 L  fcap_re_8_7_3
 L  fcap_re_8_7_4
 L  fcap_re_8_7_5
 L  fcap_re_8_7_8
 L  fcap_re_8_7_9
 L  fcap_re_8_7_10
 L  fcap_re_8_8_2
 L  fcap_re_8_8_3
 L  fcap_re_8_8_4
 L  fcap_re_8_8_5
 L  fcap_re_8_8_7
 L  fcap_re_8_8_9
 L  fcap_re_8_8_10
 L  fcap_re_8_9_2
 L  fcap_re_8_9_3
 L  fcap_re_8_9_4
 L  fcap_re_8_9_5
 L  fcap_re_8_9_7
 L  fcap_re_8_9_8
 L  fcap_re_8_9_10
 L  fcap_re_8_10_2
 L  fcap_re_8_10_3
 L  fcap_re_8_10_4
 L  fcap_re_8_10_5
 L  fcap_re_8_10_7
 L  fcap_re_8_10_8
 L  fcap_re_8_10_9
 L  fsrc_re_8_2
 L  fsrc_re_8_3
 L  fsrc_re_8_4
 L  fsrc_re_8_5
 L  fsrc_re_8_7
 L  fsrc_re_8_8
 L  fsrc_re_8_9
 L  fsrc_re_8_10
 E  fkeep_re_8_2
 E  fkeep_re_8_3
 E  fkeep_re_8_4
 E  fkeep_re_8_5
 E  fkeep_re_8_7
 G  fsink_re_8
 E  fkeep_re_8_9
 E  fkeep_re_8_10
 L  fcap_re_9_2_3
 L  fcap_re_9_2_4
 L  fcap_re_9_2_5
 L  fcap_re_9_2_7
 L  fcap_re_9_2_8
 L  fcap_re_9_2_9
 L  fcap_re_9_2_10
 L  fcap_re_9_3_2
 L  fcap_re_9_3_4
 L  fcap_re_9_3_5
 L  fcap_re_9_3_7
 L  fcap_re_9_3_8
 L  fcap_re_9_3_9
 L  fcap_re_9_3_10
 L  fcap_re_9_4_2
 L  fcap_re_9_4_3
 L  fcap_re_9_4_5
 L  fcap_re_9_4_7
 L  fcap_re_9_4_8
 L  fcap_re_9_4_9
 L  fcap_re_9_4_10
 L  fcap_re_9_5_2
 L  fcap_re_9_5_3
 L  fcap_re_9_5_4
 L  fcap_re_9_5_7
 L  fcap_re_9_5_8
 L  fcap_re_9_5_9
 L  fcap_re_9_5_10
 L  fcap_re_9_7_2
 L  fcap_re_9_7_3
 L  fcap_re_9_7_4
 L  fcap_re_9_7_5
 L  fcap_re_9_7_8
 L  fcap_re_9_7_9
 L  fcap_re_9_7_10
 L  fcap_re_9_8_2
 L  fcap_re_9_8_3
 L  fcap_re_9_8_4
 L  fcap_re_9_8_5
 L  fcap_re_9_8_7
 L  fcap_re_9_8_9
 L  fcap_re_9_8_10
 L  fcap_re_9_9_2
 L  fcap_re_9_9_3
 L  fcap_re_9_9_4
 L  fcap_re_9_9_5
 L  fcap_re_9_9_7
 L  fcap_re_9_9_8
 L  fcap_re_9_9_10
 L  fcap_re_9_10_2
 L  fcap_re_9_10_3
 L  fcap_re_9_10_4
 L  fcap_re_9_10_5
 L  fcap_re_9_10_7
 L  fcap_re_9_10_8
 L  fcap_re_9_10_9
 L  fsrc_re_9_2
 L  fsrc_re_9_3
 L  fsrc_re_9_4
 L  fsrc_re_9_5
 L  fsrc_re_9_7
 L  fsrc_re_9_8
 L  fsrc_re_9_9
 L  fsrc_re_9_10
 E  fkeep_re_9_2
 E  fkeep_re_9_3
 E  fkeep_re_9_4
 E  fkeep_re_9_5
 E  fkeep_re_9_7
 E  fkeep_re_9_8
 G  fsink_re_9
 E  fkeep_re_9_10
 L  fcap_re_10_2_3
 L  fcap_re_10_2_4
 L  fcap_re_10_2_5
 L  fcap_re_10_2_7
 L  fcap_re_10_2_8
 L  fcap_re_10_2_9
 L  fcap_re_10_2_10
 L  fcap_re_10_3_2
 L  fcap_re_10_3_4
 L  fcap_re_10_3_5
 L  fcap_re_10_3_7
 L  fcap_re_10_3_8
 L  fcap_re_10_3_9
 L  fcap_re_10_3_10
 L  fcap_re_10_4_2
 L  fcap_re_10_4_3
 L  fcap_re_10_4_5
 L  fcap_re_10_4_7
 L  fcap_re_10_4_8
 L  fcap_re_10_4_9
 L  fcap_re_10_4_10
 L  fcap_re_10_5_2
 L  fcap_re_10_5_3
 L  fcap_re_10_5_4
 L  fcap_re_10_5_7
 L  fcap_re_10_5_8
 L  fcap_re_10_5_9
 L  fcap_re_10_5_10
 L  fcap_re_10_7_2
 L  fcap_re_10_7_3
 L  fcap_re_10_7_4
 L  fcap_re_10_7_5
 L  fcap_re_10_7_8
 L  fcap_re_10_7_9
 L  fcap_re_10_7_10
 L  fcap_re_10_8_2
 L  fcap_re_10_8_3
 L  fcap_re_10_8_4
 L  fcap_re_10_8_5
 L  fcap_re_10_8_7
 L  fcap_re_10_8_9
 L  fcap_re_10_8_10
 L  fcap_re_10_9_2
 L  fcap_re_10_9_3
 L  fcap_re_10_9_4
 L  fcap_re_10_9_5
 L  fcap_re_10_9_7
 L  fcap_re_10_9_8
 L  fcap_re_10_9_10
 L  fcap_re_10_10_2
 L  fcap_re_10_10_3
 L  fcap_re_10_10_4
 L  fcap_re_10_10_5
 L  fcap_re_10_10_7
 L  fcap_re_10_10_8
 L  fcap_re_10_10_9
 L  fsrc_re_10_2
 L  fsrc_re_10_3
 L  fsrc_re_10_4
 L  fsrc_re_10_5
 L  fsrc_re_10_7
 L  fsrc_re_10_8
 L  fsrc_re_10_9
 L  fsrc_re_10_10
 E  fkeep_re_10_2
 E  fkeep_re_10_3
 E  fkeep_re_10_4
 E  fkeep_re_10_5
 E  fkeep_re_10_7
 E  fkeep_re_10_8
 E  fkeep_re_10_9
 G  fsink_re_10
 L  fcap_bc_2_2_3
 L  fcap_bc_2_2_4
 L  fcap_bc_2_2_5
 L  fcap_bc_2_2_7
 L  fcap_bc_2_2_8
 L  fcap_bc_2_2_9
 L  fcap_bc_2_2_10
 L  fcap_bc_2_3_2
 L  fcap_bc_2_3_4
 L  fcap_bc_2_3_5
 L  fcap_bc_2_3_7
 L  fcap_bc_2_3_8
 L  fcap_bc_2_3_9
 L  fcap_bc_2_3_10
 L  fcap_bc_2_4_2
 L  fcap_bc_2_4_3
 L  fcap_bc_2_4_5
 L  fcap_bc_2_4_7
 L  fcap_bc_2_4_8
 L  fcap_bc_2_4_9
 L  fcap_bc_2_4_10
 L  fcap_bc_2_5_2
 L  fcap_bc_2_5_3
 L  fcap_bc_2_5_4
 L  fcap_bc_2_5_7
 L  fcap_bc_2_5_8
 L  fcap_bc_2_5_9
 L  fcap_bc_2_5_10
 L  fcap_bc_2_7_2
 L  fcap_bc_2_7_3
 L  fcap_bc_2_7_4
 L  fcap_bc_2_7_5
 L  fcap_bc_2_7_8
 L  fcap_bc_2_7_9
 L  fcap_bc_2_7_10
 L  fcap_bc_2_8_2
 L  fcap_bc_2_8_3
 L  fcap_bc_2_8_4
 L  fcap_bc_2_8_5
 L  fcap_bc_2_8_7
 L  fcap_bc_2_8_9
 L  fcap_bc_2_8_10
 L  fcap_bc_2_9_2
 L  fcap_bc_2_9_3
 L  fcap_bc_2_9_4
 L  fcap_bc_2_9_5
 L  fcap_bc_2_9_7
 L  fcap_bc_2_9_8
 L  fcap_bc_2_9_10
 L  fcap_bc_2_10_2
 L  fcap_bc_2_10_3
 L  fcap_bc_2_10_4
 L  fcap_bc_2_10_5
 L  fcap_bc_2_10_7
 L  fcap_bc_2_10_8
 L  fcap_bc_2_10_9
 L  fsrc_bc_2_2
 L  fsrc_bc_2_3
 L  fsrc_bc_2_4
 L  fsrc_bc_2_5
 L  fsrc_bc_2_7
 L  fsrc_bc_2_8
 L  fsrc_bc_2_9
 L  fsrc_bc_2_10
 G  fsink_bc_2
 E  fkeep_bc_2_3
 E  fkeep_bc_2_4
 E  fkeep_bc_2_5
 E  fkeep_bc_2_7
 E  fkeep_bc_2_8
 E  fkeep_bc_2_9
 E  fkeep_bc_2_10
 L  fcap_bc_3_2_3
 L  fcap_bc_3_2_4
 L  fcap_bc_3_2_5
 L  fcap_bc_3_2_7
 L  fcap_bc_3_2_8
 L  fcap_bc_3_2_9
 L  fcap_bc_3_2_10
 L  fcap_bc_3_3_2
 L  fcap_bc_3_3_4
 L  fcap_bc_3_3_5
 L  fcap_bc_3_3_7
 L  fcap_bc_3_3_8
 L  fcap_bc_3_3_9
 L  fcap_bc_3_3_10
 L  fcap_bc_3_4_2
 L  fcap_bc_3_4_3
 L  fcap_bc_3_4_5
 L  fcap_bc_3_4_7
 L  fcap_bc_3_4_8
 L  fcap_bc_3_4_9
 L  fcap_bc_3_4_10
 L  fcap_bc_3_5_2
 L  fcap_bc_3_5_3
 L  fcap_bc_3_5_4
 L  fcap_bc_3_5_7
 L  fcap_bc_3_5_8
 L  fcap_bc_3_5_9
 L  fcap_bc_3_5_10
 L  fcap_bc_3_7_2
 L  fcap_bc_3_7_3
 L  fcap_bc_3_7_4
 L  fcap_bc_3_7_5
 L  fcap_bc_3_7_8
 L  fcap_bc_3_7_9
 L  fcap_bc_3_7_10
 L  fcap_bc_3_8_2
 L  fcap_bc_3_8_3
 L  fcap_bc_3_8_4
 L  fcap_bc_3_8_5
 L  fcap_bc_3_8_7
 L  fcap_bc_3_8_9
 L  fcap_bc_3_8_10
 L  fcap_bc_3_9_2
 L  fcap_bc_3_9_3
 L  fcap_bc_3_9_4
 L  fcap_bc_3_9_5
 L  fcap_bc_3_9_7
 L  fcap_bc_3_9_8
 L  fcap_bc_3_9_10
 L  fcap_bc_3_10_2
 L  fcap_bc_3_10_3
 L  fcap_bc_3_10_4
 L  fcap_bc_3_10_5
 L  fcap_bc_3_10_7
 L  fcap_bc_3_10_8
 L  fcap_bc_3_10_9
 L  fsrc_bc_3_2
 L  fsrc_bc_3_3
 L  fsrc_bc_3_4
 L  fsrc_bc_3_5
 L  fsrc_bc_3_7
 L  fsrc_bc_3_8
 L  fsrc_bc_3_9
 L  fsrc_bc_3_10
 E  fkeep_bc_3_2
 G  fsink_bc_3
 E  fkeep_bc_3_4
 E  fkeep_bc_3_5
 E  fkeep_bc_3_7
 E  fkeep_bc_3_8
 E  fkeep_bc_3_9
 E  fkeep_bc_3_10
 L  fcap_bc_4_2_3
 L  fcap_bc_4_2_4
 L  fcap_bc_4_2_5
 L  fcap_bc_4_2_7
 L  fcap_bc_4_2_8
 L  fcap_bc_4_2_9
 L  fcap_bc_4_2_10
 L  fcap_bc_4_3_2
 L  fcap_bc_4_3_4
 L  fcap_bc_4_3_5
 L  fcap_bc_4_3_7
 L  fcap_bc_4_3_8
 L  fcap_bc_4_3_9
 L  fcap_bc_4_3_10
 L  fcap_bc_4_4_2
 L  fcap_bc_4_4_3
 L  fcap_bc_4_4_5
 L  fcap_bc_4_4_7
 L  fcap_bc_4_4_8
 L  fcap_bc_4_4_9
 L  fcap_bc_4_4_10
 L  fcap_bc_4_5_2
 L  fcap_bc_4_5_3
 L  fcap_bc_4_5_4
 L  fcap_bc_4_5_7
 L  fcap_bc_4_5_8
 L  fcap_bc_4_5_9
 L  fcap_bc_4_5_10
 L  fcap_bc_4_7_2
 L  fcap_bc_4_7_3
 L  fcap_bc_4_7_4
 L  fcap_bc_4_7_5
 L  fcap_bc_4_7_8
 L  fcap_bc_4_7_9
 L  fcap_bc_4_7_10
 L  fcap_bc_4_8_2
 L  fcap_bc_4_8_3
 L  fcap_bc_4_8_4
 L  fcap_bc_4_8_5
 L  fcap_bc_4_8_7
 L  fcap_bc_4_8_9
 L  fcap_bc_4_8_10
 L  fcap_bc_4_9_2
 L  fcap_bc_4_9_3
 L  fcap_bc_4_9_4
 L  fcap_bc_4_9_5
 L  fcap_bc_4_9_7
 L  fcap_bc_4_9_8
 L  fcap_bc_4_9_10
 L  fcap_bc_4_10_2
 L  fcap_bc_4_10_3
 L  fcap_bc_4_10_4
 L  fcap_bc_4_10_5
 L  fcap_bc_4_10_7
 L  fcap_bc_4_10_8
 L  fcap_bc_4_10_9
 L  fsrc_bc_4_2
 L  fsrc_bc_4_3
 L  fsrc_bc_4_4
 L  fsrc_bc_4_5
 L  fsrc_bc_4_7
 L  fsrc_bc_4_8
 L  fsrc_bc_4_9
 L  fsrc_bc_4_10
 E  fkeep_bc_4_2
 E  fkeep_bc_4_3
 G  fsink_bc_4
 E  fkeep_bc_4_5
 E  fkeep_bc_4_7
 E  fkeep_bc_4_8
 E  fkeep_bc_4_9
 E  fkeep_bc_4_10
 L  fcap_bc_5_2_3
 L  fcap_bc_5_2_4
 L  fcap_bc_5_2_5
 L  fcap_bc_5_2_7
 L  fcap_bc_5_2_8
 L  fcap_bc_5_2_9
 L  fcap_bc_5_2_10
 L  fcap_bc_5_3_2
 L  fcap_bc_5_3_4
 L  fcap_bc_5_3_5
 L  fcap_bc_5_3_7
 L  fcap_bc_5_3_8
 L  fcap_bc_5_3_9
 L  fcap_bc_5_3_10
 L  fcap_bc_5_4_2
 L  fcap_bc_5_4_3
 L  fcap_bc_5_4_5
 L  fcap_bc_5_4_7
 L  fcap_bc_5_4_8
 L  fcap_bc_5_4_9
 L  fcap_bc_5_4_10
 L  fcap_bc_5_5_2
 L  fcap_bc_5_5_3
 L  fcap_bc_5_5_4
 L  fcap_bc_5_5_7
 L  fcap_bc_5_5_8
 L  fcap_bc_5_5_9
 L  fcap_bc_5_5_10
 L  fcap_bc_5_7_2
 L  fcap_bc_5_7_3
 L  fcap_bc_5_7_4
 L  fcap_bc_5_7_5
 L  fcap_bc_5_7_8
 L  fcap_bc_5_7_9
 L  fcap_bc_5_7_10
 L  fcap_bc_5_8_2
 L  fcap_bc_5_8_3
 L  fcap_bc_5_8_4
 L  fcap_bc_5_8_5
 L  fcap_bc_5_8_7
 L  fcap_bc_5_8_9
 L  fcap_bc_5_8_10
 L  fcap_bc_5_9_2
 L  fcap_bc_5_9_3
 L  fcap_bc_5_9_4
 L  fcap_bc_5_9_5
 L  fcap_bc_5_9_7
 L  fcap_bc_5_9_8
 L  fcap_bc_5_9_10
 L  fcap_bc_5_10_2
 L  fcap_bc_5_10_3
 L  fcap_bc_5_10_4
 L  fcap_bc_5_10_5
 L  fcap_bc_5_10_7
 L  fcap_bc_5_10_8
 L  fcap_bc_5_10_9
 L  fsrc_bc_5_2
 L  fsrc_bc_5_3
 L  fsrc_bc_5_4
 L  fsrc_bc_5_5
 L  fsrc_bc_5_7
 L  fsrc_bc_5_8
 L  fsrc_bc_5_9
 L  fsrc_bc_5_10
 E  fkeep_bc_5_2
 E  fkeep_bc_5_3
 E  fkeep_bc_5_4
 G  fsink_bc_5
 E  fkeep_bc_5_7
 E  fkeep_bc_5_8
 E  fkeep_bc_5_9
 E  fkeep_bc_5_10
 L  fcap_bc_7_2_3
 L  fcap_bc_7_2_4
 L  fcap_bc_7_2_5
 L  fcap_bc_7_2_7
 L  fcap_bc_7_2_8
 L  fcap_bc_7_2_9
 L  fcap_bc_7_2_10
 L  fcap_bc_7_3_2
 L  fcap_bc_7_3_4
 L  fcap_bc_7_3_5
 L  fcap_bc_7_3_7
 L  fcap_bc_7_3_8
 L  fcap_bc_7_3_9
 L  fcap_bc_7_3_10
 L  fcap_bc_7_4_2
 L  fcap_bc_7_4_3
 L  fcap_bc_7_4_5
 L  fcap_bc_7_4_7
 L  fcap_bc_7_4_8
 L  fcap_bc_7_4_9
 L  fcap_bc_7_4_10
 L  fcap_bc_7_5_2
 L  fcap_bc_7_5_3
 L  fcap_bc_7_5_4
 L  fcap_bc_7_5_7
 L  fcap_bc_7_5_8
 L  fcap_bc_7_5_9
 L  fcap_bc_7_5_10
 L  fcap_bc_7_7_2
 L  fcap_bc_7_7_3
 L  fcap_bc_7_7_4
 L  fcap_bc_7_7_5
 L  fcap_bc_7_7_8
 L  fcap_bc_7_7_9
 L  fcap_bc_7_7_10
 L  fcap_bc_7_8_2
 L  fcap_bc_7_8_3
 L  fcap_bc_7_8_4
 L  fcap_bc_7_8_5
 L  fcap_bc_7_8_7
 L  fcap_bc_7_8_9
 L  fcap_bc_7_8_10
 L  fcap_bc_7_9_2
 L  fcap_bc_7_9_3
 L  fcap_bc_7_9_4
 L  fcap_bc_7_9_5
 L  fcap_bc_7_9_7
 L  fcap_bc_7_9_8
 L  fcap_bc_7_9_10
 L  fcap_bc_7_10_2
 L  fcap_bc_7_10_3
 L  fcap_bc_7_10_4
 L  fcap_bc_7_10_5
 L  fcap_bc_7_10_7
 L  fcap_bc_7_10_8
 L  fcap_bc_7_10_9
 L  fsrc_bc_7_2
 L  fsrc_bc_7_3
 L  fsrc_bc_7_4
 L  fsrc_bc_7_5
 L  fsrc_bc_7_7
 L  fsrc_bc_7_8
 L  fsrc_bc_7_9
 L  fsrc_bc_7_10
 E  fkeep_bc_7_2
 E  fkeep_bc_7_3
 E  fkeep_bc_7_4
 E  fkeep_bc_7_5
 G  fsink_bc_7
 E  fkeep_bc_7_8
 E  fkeep_bc_7_9
 E  fkeep_bc_7_10
 L  fcap_bc_8_2_3
 L  fcap_bc_8_2_4
 L  fcap_bc_8_2_5
 L  fcap_bc_8_2_7
 L  fcap_bc_8_2_8
 L  fcap_bc_8_2_9
 L  fcap_bc_8_2_10
 L  fcap_bc_8_3_2
 L  fcap_bc_8_3_4
 L  fcap_bc_8_3_5
 L  fcap_bc_8_3_7
 L  fcap_bc_8_3_8
 L  fcap_bc_8_3_9
 L  fcap_bc_8_3_10
 L  fcap_bc_8_4_2
 L  fcap_bc_8_4_3
 L  fcap_bc_8_4_5
 L  fcap_bc_8_4_7
 L  fcap_bc_8_4_8
 L  fcap_bc_8_4_9
 L  fcap_bc_8_4_10
 L  fcap_bc_8_5_2
 L  fcap_bc_8_5_3
 L  fcap_bc_8_5_4
 L  fcap_bc_8_5_7
 L  fcap_bc_8_5_8
 L  fcap_bc_8_5_9
 L  fcap_bc_8_5_10
 L  fcap_bc_8_7_2
 L  fcap_bc_8_7_3
 L  fcap_bc_8_7_4
 L  fcap_bc_8_7_5
 L  fcap_bc_8_7_8
 L  fcap_bc_8_7_9
 L  fcap_bc_8_7_10
 L  fcap_bc_8_8_2
 L  fcap_bc_8_8_3
 L  fcap_bc_8_8_4
 L  fcap_bc_8_8_5
 L  fcap_bc_8_8_7
 L  fcap_bc_8_8_9
 L  fcap_bc_8_8_10
 L  fcap_bc_8_9_2
 L  fcap_bc_8_9_3
 L  fcap_bc_8_9_4
 L  fcap_bc_8_9_5
 L  fcap_bc_8_9_7
 L  fcap_bc_8_9_8
 L  fcap_bc_8_9_10
 L  fcap_bc_8_10_2
 L  fcap_bc_8_10_3
 L  fcap_bc_8_10_4
 L  fcap_bc_8_10_5
 L  fcap_bc_8_10_7
 L  fcap_bc_8_10_8
 L  fcap_bc_8_10_9
 L  fsrc_bc_8_2
 L  fsrc_bc_8_3
 L  fsrc_bc_8_4
 L  fsrc_bc_8_5
 L  fsrc_bc_8_7
 L  fsrc_bc_8_8
 L  fsrc_bc_8_9
 L  fsrc_bc_8_10
 E  fkeep_bc_8_2
 E  fkeep_bc_8_3
 E  fkeep_bc_8_4
 E  fkeep_bc_8_5
 E  fkeep_bc_8_7
 G  fsink_bc_8
 E  fkeep_bc_8_9
 E  fkeep_bc_8_10
 L  fcap_bc_9_2_3
 L  fcap_bc_9_2_4
 L  fcap_bc_9_2_5
 L  fcap_bc_9_2_7
 L  fcap_bc_9_2_8
 L  fcap_bc_9_2_9
 L  fcap_bc_9_2_10
 L  fcap_bc_9_3_2
 L  fcap_bc_9_3_4
 L  fcap_bc_9_3_5
 L  fcap_bc_9_3_7
 L  fcap_bc_9_3_8
 L  fcap_bc_9_3_9
 L  fcap_bc_9_3_10
 L  fcap_bc_9_4_2
 L  fcap_bc_9_4_3
 L  fcap_bc_9_4_5
 L  fcap_bc_9_4_7
 L  fcap_bc_9_4_8
 L  fcap_bc_9_4_9
 L  fcap_bc_9_4_10
 L  fcap_bc_9_5_2
 L  fcap_bc_9_5_3
 L  fcap_bc_9_5_4
 L  fcap_bc_9_5_7
 L  fcap_bc_9_5_8
 L  fcap_bc_9_5_9
 L  fcap_bc_9_5_10
 L  fcap_bc_9_7_2
 L  fcap_bc_9_7_3
 L  fcap_bc_9_7_4
 L  fcap_bc_9_7_5
 L  fcap_bc_9_7_8
 L  fcap_bc_9_7_9
 L  fcap_bc_9_7_10
 L  fcap_bc_9_8_2
 L  fcap_bc_9_8_3
 L  fcap_bc_9_8_4
 L  fcap_bc_9_8_5
 L  fcap_bc_9_8_7
 L  fcap_bc_9_8_9
 L  fcap_bc_9_8_10
 L  fcap_bc_9_9_2
 L  fcap_bc_9_9_3
 L  fcap_bc_9_9_4
 L  fcap_bc_9_9_5
 L  fcap_bc_9_9_7
 L  fcap_bc_9_9_8
 L  fcap_bc_9_9_10
 L  fcap_bc_9_10_2
 L  fcap_bc_9_10_3
 L  fcap_bc_9_10_4
 L  fcap_bc_9_10_5
 L  fcap_bc_9_10_7
 L  fcap_bc_9_10_8
 L  fcap_bc_9_10_9
 L  fsrc_bc_9_2
 L  fsrc_bc_9_3
 L  fsrc_bc_9_4
 L  fsrc_bc_9_5
 L  fsrc_bc_9_7
 L  fsrc_bc_9_8
 L  fsrc_bc_9_9
 L  fsrc_bc_9_10
 E  fkeep_bc_9_2
 E  fkeep_bc_9_3
 E  fkeep_bc_9_4
 E  fkeep_bc_9_5
 E  fkeep_bc_9_7
 E  fkeep_bc_9_8
 G  fsink_bc_9
 E  fkeep_bc_9_10
 L  fcap_bc_10_2_3
 L  fcap_bc_10_2_4
 L  fcap_bc_10_2_5
 L  fcap_bc_10_2_7
 L  fcap_bc_10_2_8
 L  fcap_bc_10_2_9
 L  fcap_bc_10_2_10
 L  fcap_bc_10_3_2
 L  fcap_bc_10_3_4
 L  fcap_bc_10_3_5
 L  fcap_bc_10_3_7
 L  fcap_bc_10_3_8
 L  fcap_bc_10_3_9
 L  fcap_bc_10_3_10
 L  fcap_bc_10_4_2
 L  fcap_bc_10_4_3
 L  fcap_bc_10_4_5
 L  fcap_bc_10_4_7
 L  fcap_bc_10_4_8
 L  fcap_bc_10_4_9
 L  fcap_bc_10_4_10
 L  fcap_bc_10_5_2
 L  fcap_bc_10_5_3
 L  fcap_bc_10_5_4
 L  fcap_bc_10_5_7
 L  fcap_bc_10_5_8
 L  fcap_bc_10_5_9
 L  fcap_bc_10_5_10
 L  fcap_bc_10_7_2
 L  fcap_bc_10_7_3
 L  fcap_bc_10_7_4
 L  fcap_bc_10_7_5
 L  fcap_bc_10_7_8
 L  fcap_bc_10_7_9
 L  fcap_bc_10_7_10
 L  fcap_bc_10_8_2
 L  fcap_bc_10_8_3
 L  fcap_bc_10_8_4
 L  fcap_bc_10_8_5
 L  fcap_bc_10_8_7
 L  fcap_bc_10_8_9
 L  fcap_bc_10_8_10
 L  fcap_bc_10_9_2
 L  fcap_bc_10_9_3
 L  fcap_bc_10_9_4
 L  fcap_bc_10_9_5
 L  fcap_bc_10_9_7
 L  fcap_bc_10_9_8
 L  fcap_bc_10_9_10
 L  fcap_bc_10_10_2
 L  fcap_bc_10_10_3
 L  fcap_bc_10_10_4
 L  fcap_bc_10_10_5
 L  fcap_bc_10_10_7
 L  fcap_bc_10_10_8
 L  fcap_bc_10_10_9
 L  fsrc_bc_10_2
 L  fsrc_bc_10_3
 L  fsrc_bc_10_4
 L  fsrc_bc_10_5
 L  fsrc_bc_10_7
 L  fsrc_bc_10_8
 L  fsrc_bc_10_9
 L  fsrc_bc_10_10
 E  fkeep_bc_10_2
 E  fkeep_bc_10_3
 E  fkeep_bc_10_4
 E  fkeep_bc_10_5
 E  fkeep_bc_10_7
 E  fkeep_bc_10_8
 E  fkeep_bc_10_9
 G  fsink_bc_10
COLUMNS
    bc_10_2   deliver_bc_10_2  -1.000000000000e+00
    bc_10_2   fcap_bc_2_10_2  -1.000000000000e+00
    bc_10_2   fcap_bc_3_10_2  -1.000000000000e+00
    bc_10_2   fcap_bc_4_10_2  -1.000000000000e+00
    bc_10_2   fcap_bc_5_10_2  -1.000000000000e+00
    bc_10_2   fcap_bc_7_10_2  -1.000000000000e+00
    bc_10_2   fcap_bc_8_10_2  -1.000000000000e+00
    bc_10_2   fcap_bc_9_10_2  -1.000000000000e+00
    bc_10_2   fcap_bc_10_10_2  -1.000000000000e+00
    bc_10_3   deliver_bc_10_3  -1.000000000000e+00
    bc_10_3   fcap_bc_2_10_3  -1.000000000000e+00
    bc_10_3   fcap_bc_3_10_3  -1.000000000000e+00
    bc_10_3   fcap_bc_4_10_3  -1.000000000000e+00
    bc_10_3   fcap_bc_5_10_3  -1.000000000000e+00
    bc_10_3   fcap_bc_7_10_3  -1.000000000000e+00
    bc_10_3   fcap_bc_8_10_3  -1.000000000000e+00
    bc_10_3   fcap_bc_9_10_3  -1.000000000000e+00
    bc_10_3   fcap_bc_10_10_3  -1.000000000000e+00
    bc_10_4   deliver_bc_10_4  -1.000000000000e+00
    bc_10_4   fcap_bc_2_10_4  -1.000000000000e+00
    bc_10_4   fcap_bc_3_10_4  -1.000000000000e+00
    bc_10_4   fcap_bc_4_10_4  -1.000000000000e+00
    bc_10_4   fcap_bc_5_10_4  -1.000000000000e+00
    bc_10_4   fcap_bc_7_10_4  -1.000000000000e+00
    bc_10_4   fcap_bc_8_10_4  -1.000000000000e+00
    bc_10_4   fcap_bc_9_10_4  -1.000000000000e+00
    bc_10_4   fcap_bc_10_10_4  -1.000000000000e+00
    bc_10_5   deliver_bc_10_5  -1.000000000000e+00
    bc_10_5   fcap_bc_2_10_5  -1.000000000000e+00
    bc_10_5   fcap_bc_3_10_5  -1.000000000000e+00
    bc_10_5   fcap_bc_4_10_5  -1.000000000000e+00
    bc_10_5   fcap_bc_5_10_5  -1.000000000000e+00
    bc_10_5   fcap_bc_7_10_5  -1.000000000000e+00
    bc_10_5   fcap_bc_8_10_5  -1.000000000000e+00
    bc_10_5   fcap_bc_9_10_5  -1.000000000000e+00
    bc_10_5   fcap_bc_10_10_5  -1.000000000000e+00
    bc_10_7   deliver_bc_10_7  -1.000000000000e+00
    bc_10_7   fcap_bc_2_10_7  -1.000000000000e+00
    bc_10_7   fcap_bc_3_10_7  -1.000000000000e+00
    bc_10_7   fcap_bc_4_10_7  -1.000000000000e+00
    bc_10_7   fcap_bc_5_10_7  -1.000000000000e+00
    bc_10_7   fcap_bc_7_10_7  -1.000000000000e+00
    bc_10_7   fcap_bc_8_10_7  -1.000000000000e+00
    bc_10_7   fcap_bc_9_10_7  -1.000000000000e+00
    bc_10_7   fcap_bc_10_10_7  -1.000000000000e+00
    bc_10_8   deliver_bc_10_8  -1.000000000000e+00
    bc_10_8   fcap_bc_2_10_8  -1.000000000000e+00
    bc_10_8   fcap_bc_3_10_8  -1.000000000000e+00
    bc_10_8   fcap_bc_4_10_8  -1.000000000000e+00
    bc_10_8   fcap_bc_5_10_8  -1.000000000000e+00
    bc_10_8   fcap_bc_7_10_8  -1.000000000000e+00
    bc_10_8   fcap_bc_8_10_8  -1.000000000000e+00
    bc_10_8   fcap_bc_9_10_8  -1.000000000000e+00
    bc_10_8   fcap_bc_10_10_8  -1.000000000000e+00
    bc_10_9   deliver_bc_10_9  -1.000000000000e+00
    bc_10_9   fcap_bc_2_10_9  -1.000000000000e+00
    bc_10_9   fcap_bc_3_10_9  -1.000000000000e+00
    bc_10_9   fcap_bc_4_10_9  -1.000000000000e+00
    bc_10_9   fcap_bc_5_10_9  -1.000000000000e+00
    bc_10_9   fcap_bc_7_10_9  -1.000000000000e+00
    bc_10_9   fcap_bc_8_10_9  -1.000000000000e+00
    bc_10_9   fcap_bc_9_10_9  -1.000000000000e+00
    bc_10_9   fcap_bc_10_10_9  -1.000000000000e+00
    bc_2_10   deliver_bc_2_10  -1.000000000000e+00
    bc_2_10   fcap_bc_2_2_10  -1.000000000000e+00
    bc_2_10   fcap_bc_3_2_10  -1.000000000000e+00
    bc_2_10   fcap_bc_4_2_10  -1.000000000000e+00
    bc_2_10   fcap_bc_5_2_10  -1.000000000000e+00
    bc_2_10   fcap_bc_7_2_10  -1.000000000000e+00
    bc_2_10   fcap_bc_8_2_10  -1.000000000000e+00
    bc_2_10   fcap_bc_9_2_10  -1.000000000000e+00
    bc_2_10   fcap_bc_10_2_10  -1.000000000000e+00
    bc_2_3    deliver_bc_2_3  -1.000000000000e+00
    bc_2_3    fcap_bc_2_2_3  -1.000000000000e+00
    bc_2_3    fcap_bc_3_2_3  -1.000000000000e+00
    bc_2_3    fcap_bc_4_2_3  -1.000000000000e+00
    bc_2_3    fcap_bc_5_2_3  -1.000000000000e+00
    bc_2_3    fcap_bc_7_2_3  -1.000000000000e+00
    bc_2_3    fcap_bc_8_2_3  -1.000000000000e+00
    bc_2_3    fcap_bc_9_2_3  -1.000000000000e+00
    bc_2_3    fcap_bc_10_2_3  -1.000000000000e+00
    bc_2_4    deliver_bc_2_4  -1.000000000000e+00
    bc_2_4    fcap_bc_2_2_4  -1.000000000000e+00
    bc_2_4    fcap_bc_3_2_4  -1.000000000000e+00
    bc_2_4    fcap_bc_4_2_4  -1.000000000000e+00
    bc_2_4    fcap_bc_5_2_4  -1.000000000000e+00
    bc_2_4    fcap_bc_7_2_4  -1.000000000000e+00
    bc_2_4    fcap_bc_8_2_4  -1.000000000000e+00
    bc_2_4    fcap_bc_9_2_4  -1.000000000000e+00
    bc_2_4    fcap_bc_10_2_4  -1.000000000000e+00
    bc_2_5    deliver_bc_2_5  -1.000000000000e+00
    bc_2_5    fcap_bc_2_2_5  -1.000000000000e+00
    bc_2_5    fcap_bc_3_2_5  -1.000000000000e+00
    bc_2_5    fcap_bc_4_2_5  -1.000000000000e+00
    bc_2_5    fcap_bc_5_2_5  -1.000000000000e+00
    bc_2_5    fcap_bc_7_2_5  -1.000000000000e+00
    bc_2_5    fcap_bc_8_2_5  -1.000000000000e+00
    bc_2_5    fcap_bc_9_2_5  -1.000000000000e+00
    bc_2_5    fcap_bc_10_2_5  -1.000000000000e+00
    bc_2_7    deliver_bc_2_7  -1.000000000000e+00
    bc_2_7    fcap_bc_2_2_7  -1.000000000000e+00
    bc_2_7    fcap_bc_3_2_7  -1.000000000000e+00
    bc_2_7    fcap_bc_4_2_7  -1.000000000000e+00
    bc_2_7    fcap_bc_5_2_7  -1.000000000000e+00
    bc_2_7    fcap_bc_7_2_7  -1.000000000000e+00
    bc_2_7    fcap_bc_8_2_7  -1.000000000000e+00
    bc_2_7    fcap_bc_9_2_7  -1.000000000000e+00
    bc_2_7    fcap_bc_10_2_7  -1.000000000000e+00
    bc_2_8    deliver_bc_2_8  -1.000000000000e+00
    bc_2_8    fcap_bc_2_2_8  -1.000000000000e+00
    bc_2_8    fcap_bc_3_2_8  -1.000000000000e+00
    bc_2_8    fcap_bc_4_2_8  -1.000000000000e+00
    bc_2_8    fcap_bc_5_2_8  -1.000000000000e+00
    bc_2_8    fcap_bc_7_2_8  -1.000000000000e+00
    bc_2_8    fcap_bc_8_2_8  -1.000000000000e+00
    bc_2_8    fcap_bc_9_2_8  -1.000000000000e+00
    bc_2_8    fcap_bc_10_2_8  -1.000000000000e+00
    bc_2_9    deliver_bc_2_9  -1.000000000000e+00
    bc_2_9    fcap_bc_2_2_9  -1.000000000000e+00
    bc_2_9    fcap_bc_3_2_9  -1.000000000000e+00
    bc_2_9    fcap_bc_4_2_9  -1.000000000000e+00
    bc_2_9    fcap_bc_5_2_9  -1.000000000000e+00
    bc_2_9    fcap_bc_7_2_9  -1.000000000000e+00
    bc_2_9    fcap_bc_8_2_9  -1.000000000000e+00
    bc_2_9    fcap_bc_9_2_9  -1.000000000000e+00
    bc_2_9    fcap_bc_10_2_9  -1.000000000000e+00
    bc_3_10   deliver_bc_3_10  -1.000000000000e+00
    bc_3_10   fcap_bc_2_3_10  -1.000000000000e+00
    bc_3_10   fcap_bc_3_3_10  -1.000000000000e+00
    bc_3_10   fcap_bc_4_3_10  -1.000000000000e+00
    bc_3_10   fcap_bc_5_3_10  -1.000000000000e+00
    bc_3_10   fcap_bc_7_3_10  -1.000000000000e+00
    bc_3_10   fcap_bc_8_3_10  -1.000000000000e+00
    bc_3_10   fcap_bc_9_3_10  -1.000000000000e+00
    bc_3_10   fcap_bc_10_3_10  -1.000000000000e+00
    bc_3_2    deliver_bc_3_2  -1.000000000000e+00
    bc_3_2    fcap_bc_2_3_2  -1.000000000000e+00
    bc_3_2    fcap_bc_3_3_2  -1.000000000000e+00
    bc_3_2    fcap_bc_4_3_2  -1.000000000000e+00
    bc_3_2    fcap_bc_5_3_2  -1.000000000000e+00
    bc_3_2    fcap_bc_7_3_2  -1.000000000000e+00
    bc_3_2    fcap_bc_8_3_2  -1.000000000000e+00
    bc_3_2    fcap_bc_9_3_2  -1.000000000000e+00
    bc_3_2    fcap_bc_10_3_2  -1.000000000000e+00
    bc_3_4    deliver_bc_3_4  -1.000000000000e+00
    bc_3_4    fcap_bc_2_3_4  -1.000000000000e+00
    bc_3_4    fcap_bc_3_3_4  -1.000000000000e+00
    bc_3_4    fcap_bc_4_3_4  -1.000000000000e+00
    bc_3_4    fcap_bc_5_3_4  -1.000000000000e+00
    bc_3_4    fcap_bc_7_3_4  -1.000000000000e+00
    bc_3_4    fcap_bc_8_3_4  -1.000000000000e+00
    bc_3_4    fcap_bc_9_3_4  -1.000000000000e+00
    bc_3_4    fcap_bc_10_3_4  -1.000000000000e+00
    bc_3_5    deliver_bc_3_5  -1.000000000000e+00
    bc_3_5    fcap_bc_2_3_5  -1.000000000000e+00
    bc_3_5    fcap_bc_3_3_5  -1.000000000000e+00
    bc_3_5    fcap_bc_4_3_5  -1.000000000000e+00
    bc_3_5    fcap_bc_5_3_5  -1.000000000000e+00
    bc_3_5    fcap_bc_7_3_5  -1.000000000000e+00
    bc_3_5    fcap_bc_8_3_5  -1.000000000000e+00
    bc_3_5    fcap_bc_9_3_5  -1.000000000000e+00
    bc_3_5    fcap_bc_10_3_5  -1.000000000000e+00
    bc_3_7    deliver_bc_3_7  -1.000000000000e+00
    bc_3_7    fcap_bc_2_3_7  -1.000000000000e+00
    bc_3_7    fcap_bc_3_3_7  -1.000000000000e+00
    bc_3_7    fcap_bc_4_3_7  -1.000000000000e+00
    bc_3_7    fcap_bc_5_3_7  -1.000000000000e+00
    bc_3_7    fcap_bc_7_3_7  -1.000000000000e+00
    bc_3_7    fcap_bc_8_3_7  -1.000000000000e+00
    bc_3_7    fcap_bc_9_3_7  -1.000000000000e+00
    bc_3_7    fcap_bc_10_3_7  -1.000000000000e+00
    bc_3_8    deliver_bc_3_8  -1.000000000000e+00
    bc_3_8    fcap_bc_2_3_8  -1.000000000000e+00
    bc_3_8    fcap_bc_3_3_8  -1.000000000000e+00
    bc_3_8    fcap_bc_4_3_8  -1.000000000000e+00
    bc_3_8    fcap_bc_5_3_8  -1.000000000000e+00
    bc_3_8    fcap_bc_7_3_8  -1.000000000000e+00
    bc_3_8    fcap_bc_8_3_8  -1.000000000000e+00
    bc_3_8    fcap_bc_9_3_8  -1.000000000000e+00
    bc_3_8    fcap_bc_10_3_8  -1.000000000000e+00
    bc_3_9    deliver_bc_3_9  -1.000000000000e+00
    bc_3_9    fcap_bc_2_3_9  -1.000000000000e+00
    bc_3_9    fcap_bc_3_3_9  -1.000000000000e+00
    bc_3_9    fcap_bc_4_3_9  -1.000000000000e+00
    bc_3_9    fcap_bc_5_3_9  -1.000000000000e+00
    bc_3_9    fcap_bc_7_3_9  -1.000000000000e+00
    bc_3_9    fcap_bc_8_3_9  -1.000000000000e+00
    bc_3_9    fcap_bc_9_3_9  -1.000000000000e+00
    bc_3_9    fcap_bc_10_3_9  -1.000000000000e+00
    bc_4_10   deliver_bc_4_10  -1.000000000000e+00
    bc_4_10   fcap_bc_2_4_10  -1.000000000000e+00
    bc_4_10   fcap_bc_3_4_10  -1.000000000000e+00
    bc_4_10   fcap_bc_4_4_10  -1.000000000000e+00
    bc_4_10   fcap_bc_5_4_10  -1.000000000000e+00
    bc_4_10   fcap_bc_7_4_10  -1.000000000000e+00
    bc_4_10   fcap_bc_8_4_10  -1.000000000000e+00
    bc_4_10   fcap_bc_9_4_10  -1.000000000000e+00
    bc_4_10   fcap_bc_10_4_10  -1.000000000000e+00
    bc_4_2    deliver_bc_4_2  -1.000000000000e+00
    bc_4_2    fcap_bc_2_4_2  -1.000000000000e+00
    bc_4_2    fcap_bc_3_4_2  -1.000000000000e+00
    bc_4_2    fcap_bc_4_4_2  -1.000000000000e+00
    bc_4_2    fcap_bc_5_4_2  -1.000000000000e+00
    bc_4_2    fcap_bc_7_4_2  -1.000000000000e+00
    bc_4_2    fcap_bc_8_4_2  -1.000000000000e+00
    bc_4_2    fcap_bc_9_4_2  -1.000000000000e+00
    bc_4_2    fcap_bc_10_4_2  -1.000000000000e+00
    bc_4_3    deliver_bc_4_3  -1.000000000000e+00
    bc_4_3    fcap_bc_2_4_3  -1.000000000000e+00
    bc_4_3    fcap_bc_3_4_3  -1.000000000000e+00
    bc_4_3    fcap_bc_4_4_3  -1.000000000000e+00
    bc_4_3    fcap_bc_5_4_3  -1.000000000000e+00
    bc_4_3    fcap_bc_7_4_3  -1.000000000000e+00
    bc_4_3    fcap_bc_8_4_3  -1.000000000000e+00
    bc_4_3    fcap_bc_9_4_3  -1.000000000000e+00
    bc_4_3    fcap_bc_10_4_3  -1.000000000000e+00
    bc_4_5    deliver_bc_4_5  -1.000000000000e+00
    bc_4_5    fcap_bc_2_4_5  -1.000000000000e+00
    bc_4_5    fcap_bc_3_4_5  -1.000000000000e+00
    bc_4_5    fcap_bc_4_4_5  -1.000000000000e+00
    bc_4_5    fcap_bc_5_4_5  -1.000000000000e+00
    bc_4_5    fcap_bc_7_4_5  -1.000000000000e+00
    bc_4_5    fcap_bc_8_4_5  -1.000000000000e+00
    bc_4_5    fcap_bc_9_4_5  -1.000000000000e+00
    bc_4_5    fcap_bc_10_4_5  -1.000000000000e+00
    bc_4_7    deliver_bc_4_7  -1.000000000000e+00
    bc_4_7    fcap_bc_2_4_7  -1.000000000000e+00
    bc_4_7    fcap_bc_3_4_7  -1.000000000000e+00
    bc_4_7    fcap_bc_4_4_7  -1.000000000000e+00
    bc_4_7    fcap_bc_5_4_7  -1.000000000000e+00
    bc_4_7    fcap_bc_7_4_7  -1.000000000000e+00
    bc_4_7    fcap_bc_8_4_7  -1.000000000000e+00
    bc_4_7    fcap_bc_9_4_7  -1.000000000000e+00
    bc_4_7    fcap_bc_10_4_7  -1.000000000000e+00
    bc_4_8    deliver_bc_4_8  -1.000000000000e+00
    bc_4_8    fcap_bc_2_4_8  -1.000000000000e+00
    bc_4_8    fcap_bc_3_4_8  -1.000000000000e+00
    bc_4_8    fcap_bc_4_4_8  -1.000000000000e+00
    bc_4_8    fcap_bc_5_4_8  -1.000000000000e+00
    bc_4_8    fcap_bc_7_4_8  -1.000000000000e+00
    bc_4_8    fcap_bc_8_4_8  -1.000000000000e+00
    bc_4_8    fcap_bc_9_4_8  -1.000000000000e+00
    bc_4_8    fcap_bc_10_4_8  -1.000000000000e+00
    bc_4_9    deliver_bc_4_9  -1.000000000000e+00
    bc_4_9    fcap_bc_2_4_9  -1.000000000000e+00
    bc_4_9    fcap_bc_3_4_9  -1.000000000000e+00
    bc_4_9    fcap_bc_4_4_9  -1.000000000000e+00
    bc_4_9    fcap_bc_5_4_9  -1.000000000000e+00
    bc_4_9    fcap_bc_7_4_9  -1.000000000000e+00
    bc_4_9    fcap_bc_8_4_9  -1.000000000000e+00
    bc_4_9    fcap_bc_9_4_9  -1.000000000000e+00
    bc_4_9    fcap_bc_10_4_9  -1.000000000000e+00
    bc_5_10   deliver_bc_5_10  -1.000000000000e+00
    bc_5_10   fcap_bc_2_5_10  -1.000000000000e+00
    bc_5_10   fcap_bc_3_5_10  -1.000000000000e+00
    bc_5_10   fcap_bc_4_5_10  -1.000000000000e+00
    bc_5_10   fcap_bc_5_5_10  -1.000000000000e+00
    bc_5_10   fcap_bc_7_5_10  -1.000000000000e+00
    bc_5_10   fcap_bc_8_5_10  -1.000000000000e+00
    bc_5_10   fcap_bc_9_5_10  -1.000000000000e+00
    bc_5_10   fcap_bc_10_5_10  -1.000000000000e+00
    bc_5_2    deliver_bc_5_2  -1.000000000000e+00
    bc_5_2    fcap_bc_2_5_2  -1.000000000000e+00
    bc_5_2    fcap_bc_3_5_2  -1.000000000000e+00
    bc_5_2    fcap_bc_4_5_2  -1.000000000000e+00
    bc_5_2    fcap_bc_5_5_2  -1.000000000000e+00
    bc_5_2    fcap_bc_7_5_2  -1.000000000000e+00
    bc_5_2    fcap_bc_8_5_2  -1.000000000000e+00
    bc_5_2    fcap_bc_9_5_2  -1.000000000000e+00
    bc_5_2    fcap_bc_10_5_2  -1.000000000000e+00
    bc_5_3    deliver_bc_5_3  -1.000000000000e+00
    bc_5_3    fcap_bc_2_5_3  -1.000000000000e+00
    bc_5_3    fcap_bc_3_5_3  -1.000000000000e+00
    bc_5_3    fcap_bc_4_5_3  -1.000000000000e+00
    bc_5_3    fcap_bc_5_5_3  -1.000000000000e+00
    bc_5_3    fcap_bc_7_5_3  -1.000000000000e+00
    bc_5_3    fcap_bc_8_5_3  -1.000000000000e+00
    bc_5_3    fcap_bc_9_5_3  -1.000000000000e+00
    bc_5_3    fcap_bc_10_5_3  -1.000000000000e+00
    bc_5_4    deliver_bc_5_4  -1.000000000000e+00
    bc_5_4    fcap_bc_2_5_4  -1.000000000000e+00
    bc_5_4    fcap_bc_3_5_4  -1.000000000000e+00
    bc_5_4    fcap_bc_4_5_4  -1.000000000000e+00
    bc_5_4    fcap_bc_5_5_4  -1.000000000000e+00
    bc_5_4    fcap_bc_7_5_4  -1.000000000000e+00
    bc_5_4    fcap_bc_8_5_4  -1.000000000000e+00
    bc_5_4    fcap_bc_9_5_4  -1.000000000000e+00
    bc_5_4    fcap_bc_10_5_4  -1.000000000000e+00
    bc_5_7    deliver_bc_5_7  -1.000000000000e+00
    bc_5_7    fcap_bc_2_5_7  -1.000000000000e+00
    bc_5_7    fcap_bc_3_5_7  -1.000000000000e+00
    bc_5_7    fcap_bc_4_5_7  -1.000000000000e+00
    bc_5_7    fcap_bc_5_5_7  -1.000000000000e+00
    bc_5_7    fcap_bc_7_5_7  -1.000000000000e+00
    bc_5_7    fcap_bc_8_5_7  -1.000000000000e+00
    bc_5_7    fcap_bc_9_5_7  -1.000000000000e+00
    bc_5_7    fcap_bc_10_5_7  -1.000000000000e+00
    bc_5_8    deliver_bc_5_8  -1.000000000000e+00
    bc_5_8    fcap_bc_2_5_8  -1.000000000000e+00
    bc_5_8    fcap_bc_3_5_8  -1.000000000000e+00
    bc_5_8    fcap_bc_4_5_8  -1.000000000000e+00
    bc_5_8    fcap_bc_5_5_8  -1.000000000000e+00
    bc_5_8    fcap_bc_7_5_8  -1.000000000000e+00
    bc_5_8    fcap_bc_8_5_8  -1.000000000000e+00
    bc_5_8    fcap_bc_9_5_8  -1.000000000000e+00
    bc_5_8    fcap_bc_10_5_8  -1.000000000000e+00
    bc_5_9    deliver_bc_5_9  -1.000000000000e+00
    bc_5_9    fcap_bc_2_5_9  -1.000000000000e+00
    bc_5_9    fcap_bc_3_5_9  -1.000000000000e+00
    bc_5_9    fcap_bc_4_5_9  -1.000000000000e+00
    bc_5_9    fcap_bc_5_5_9  -1.000000000000e+00
    bc_5_9    fcap_bc_7_5_9  -1.000000000000e+00
    bc_5_9    fcap_bc_8_5_9  -1.000000000000e+00
    bc_5_9    fcap_bc_9_5_9  -1.000000000000e+00
    bc_5_9    fcap_bc_10_5_9  -1.000000000000e+00
    bc_7_10   deliver_bc_7_10  -1.000000000000e+00
    bc_7_10   fcap_bc_2_7_10  -1.000000000000e+00
    bc_7_10   fcap_bc_3_7_10  -1.000000000000e+00
    bc_7_10   fcap_bc_4_7_10  -1.000000000000e+00
    bc_7_10   fcap_bc_5_7_10  -1.000000000000e+00
    bc_7_10   fcap_bc_7_7_10  -1.000000000000e+00
    bc_7_10   fcap_bc_8_7_10  -1.000000000000e+00
    bc_7_10   fcap_bc_9_7_10  -1.000000000000e+00
    bc_7_10   fcap_bc_10_7_10  -1.000000000000e+00
    bc_7_2    deliver_bc_7_2  -1.000000000000e+00
    bc_7_2    fcap_bc_2_7_2  -1.000000000000e+00
    bc_7_2    fcap_bc_3_7_2  -1.000000000000e+00
    bc_7_2    fcap_bc_4_7_2  -1.000000000000e+00
    bc_7_2    fcap_bc_5_7_2  -1.000000000000e+00
    bc_7_2    fcap_bc_7_7_2  -1.000000000000e+00
    bc_7_2    fcap_bc_8_7_2  -1.000000000000e+00
    bc_7_2    fcap_bc_9_7_2  -1.000000000000e+00
    bc_7_2    fcap_bc_10_7_2  -1.000000000000e+00
    bc_7_3    deliver_bc_7_3  -1.000000000000e+00
    bc_7_3    fcap_bc_2_7_3  -1.000000000000e+00
    bc_7_3    fcap_bc_3_7_3  -1.000000000000e+00
    bc_7_3    fcap_bc_4_7_3  -1.000000000000e+00
    bc_7_3    fcap_bc_5_7_3  -1.000000000000e+00
    bc_7_3    fcap_bc_7_7_3  -1.000000000000e+00
    bc_7_3    fcap_bc_8_7_3  -1.000000000000e+00
    bc_7_3    fcap_bc_9_7_3  -1.000000000000e+00
    bc_7_3    fcap_bc_10_7_3  -1.000000000000e+00
    bc_7_4    deliver_bc_7_4  -1.000000000000e+00
    bc_7_4    fcap_bc_2_7_4  -1.000000000000e+00
    bc_7_4    fcap_bc_3_7_4  -1.000000000000e+00
    bc_7_4    fcap_bc_4_7_4  -1.000000000000e+00
    bc_7_4    fcap_bc_5_7_4  -1.000000000000e+00
    bc_7_4    fcap_bc_7_7_4  -1.000000000000e+00
    bc_7_4    fcap_bc_8_7_4  -1.000000000000e+00
    bc_7_4    fcap_bc_9_7_4  -1.000000000000e+00
    bc_7_4    fcap_bc_10_7_4  -1.000000000000e+00
    bc_7_5    deliver_bc_7_5  -1.000000000000e+00
    bc_7_5    fcap_bc_2_7_5  -1.000000000000e+00
    bc_7_5    fcap_bc_3_7_5  -1.000000000000e+00
    bc_7_5    fcap_bc_4_7_5  -1.000000000000e+00
    bc_7_5    fcap_bc_5_7_5  -1.000000000000e+00
    bc_7_5    fcap_bc_7_7_5  -1.000000000000e+00
    bc_7_5    fcap_bc_8_7_5  -1.000000000000e+00
    bc_7_5    fcap_bc_9_7_5  -1.000000000000e+00
    bc_7_5    fcap_bc_10_7_5  -1.000000000000e+00
    bc_7_8    deliver_bc_7_8  -1.000000000000e+00
    bc_7_8    fcap_bc_2_7_8  -1.000000000000e+00
    bc_7_8    fcap_bc_3_7_8  -1.000000000000e+00
    bc_7_8    fcap_bc_4_7_8  -1.000000000000e+00
    bc_7_8    fcap_bc_5_7_8  -1.000000000000e+00
    bc_7_8    fcap_bc_7_7_8  -1.000000000000e+00
    bc_7_8    fcap_bc_8_7_8  -1.000000000000e+00
    bc_7_8    fcap_bc_9_7_8  -1.000000000000e+00
    bc_7_8    fcap_bc_10_7_8  -1.000000000000e+00
    bc_7_9    deliver_bc_7_9  -1.000000000000e+00
    bc_7_9    fcap_bc_2_7_9  -1.000000000000e+00
    bc_7_9    fcap_bc_3_7_9  -1.000000000000e+00
    bc_7_9    fcap_bc_4_7_9  -1.000000000000e+00
    bc_7_9    fcap_bc_5_7_9  -1.000000000000e+00
    bc_7_9    fcap_bc_7_7_9  -1.000000000000e+00
    bc_7_9    fcap_bc_8_7_9  -1.000000000000e+00
    bc_7_9    fcap_bc_9_7_9  -1.000000000000e+00
    bc_7_9    fcap_bc_10_7_9  -1.000000000000e+00
    bc_8_10   deliver_bc_8_10  -1.000000000000e+00
    bc_8_10   fcap_bc_2_8_10  -1.000000000000e+00
    bc_8_10   fcap_bc_3_8_10  -1.000000000000e+00
    bc_8_10   fcap_bc_4_8_10  -1.000000000000e+00
    bc_8_10   fcap_bc_5_8_10  -1.000000000000e+00
    bc_8_10   fcap_bc_7_8_10  -1.000000000000e+00
    bc_8_10   fcap_bc_8_8_10  -1.000000000000e+00
    bc_8_10   fcap_bc_9_8_10  -1.000000000000e+00
    bc_8_10   fcap_bc_10_8_10  -1.000000000000e+00
    bc_8_2    deliver_bc_8_2  -1.000000000000e+00
    bc_8_2    fcap_bc_2_8_2  -1.000000000000e+00
    bc_8_2    fcap_bc_3_8_2  -1.000000000000e+00
    bc_8_2    fcap_bc_4_8_2  -1.000000000000e+00
    bc_8_2    fcap_bc_5_8_2  -1.000000000000e+00
    bc_8_2    fcap_bc_7_8_2  -1.000000000000e+00
    bc_8_2    fcap_bc_8_8_2  -1.000000000000e+00
    bc_8_2    fcap_bc_9_8_2  -1.000000000000e+00
    bc_8_2    fcap_bc_10_8_2  -1.000000000000e+00
    bc_8_3    deliver_bc_8_3  -1.000000000000e+00
    bc_8_3    fcap_bc_2_8_3  -1.000000000000e+00
    bc_8_3    fcap_bc_3_8_3  -1.000000000000e+00
    bc_8_3    fcap_bc_4_8_3  -1.000000000000e+00
    bc_8_3    fcap_bc_5_8_3  -1.000000000000e+00
    bc_8_3    fcap_bc_7_8_3  -1.000000000000e+00
    bc_8_3    fcap_bc_8_8_3  -1.000000000000e+00
    bc_8_3    fcap_bc_9_8_3  -1.000000000000e+00
    bc_8_3    fcap_bc_10_8_3  -1.000000000000e+00
    bc_8_4    deliver_bc_8_4  -1.000000000000e+00
    bc_8_4    fcap_bc_2_8_4  -1.000000000000e+00
    bc_8_4    fcap_bc_3_8_4  -1.000000000000e+00
    bc_8_4    fcap_bc_4_8_4  -1.000000000000e+00
    bc_8_4    fcap_bc_5_8_4  -1.000000000000e+00
    bc_8_4    fcap_bc_7_8_4  -1.000000000000e+00
    bc_8_4    fcap_bc_8_8_4  -1.000000000000e+00
    bc_8_4    fcap_bc_9_8_4  -1.000000000000e+00
    bc_8_4    fcap_bc_10_8_4  -1.000000000000e+00
    bc_8_5    deliver_bc_8_5  -1.000000000000e+00
    bc_8_5    fcap_bc_2_8_5  -1.000000000000e+00
    bc_8_5    fcap_bc_3_8_5  -1.000000000000e+00
    bc_8_5    fcap_bc_4_8_5  -1.000000000000e+00
    bc_8_5    fcap_bc_5_8_5  -1.000000000000e+00
    bc_8_5    fcap_bc_7_8_5  -1.000000000000e+00
    bc_8_5    fcap_bc_8_8_5  -1.000000000000e+00
    bc_8_5    fcap_bc_9_8_5  -1.000000000000e+00
    bc_8_5    fcap_bc_10_8_5  -1.000000000000e+00
    bc_8_7    deliver_bc_8_7  -1.000000000000e+00
    bc_8_7    fcap_bc_2_8_7  -1.000000000000e+00
    bc_8_7    fcap_bc_3_8_7  -1.000000000000e+00
    bc_8_7    fcap_bc_4_8_7  -1.000000000000e+00
    bc_8_7    fcap_bc_5_8_7  -1.000000000000e+00
    bc_8_7    fcap_bc_7_8_7  -1.000000000000e+00
    bc_8_7    fcap_bc_8_8_7  -1.000000000000e+00
    bc_8_7    fcap_bc_9_8_7  -1.000000000000e+00
    bc_8_7    fcap_bc_10_8_7  -1.000000000000e+00
    bc_8_9    deliver_bc_8_9  -1.000000000000e+00
    bc_8_9    fcap_bc_2_8_9  -1.000000000000e+00
    bc_8_9    fcap_bc_3_8_9  -1.000000000000e+00
    bc_8_9    fcap_bc_4_8_9  -1.000000000000e+00
    bc_8_9    fcap_bc_5_8_9  -1.000000000000e+00
    bc_8_9    fcap_bc_7_8_9  -1.000000000000e+00
    bc_8_9    fcap_bc_8_8_9  -1.000000000000e+00
    bc_8_9    fcap_bc_9_8_9  -1.000000000000e+00
    bc_8_9    fcap_bc_10_8_9  -1.000000000000e+00
    bc_9_10   deliver_bc_9_10  -1.000000000000e+00
    bc_9_10   fcap_bc_2_9_10  -1.000000000000e+00
    bc_9_10   fcap_bc_3_9_10  -1.000000000000e+00
    bc_9_10   fcap_bc_4_9_10  -1.000000000000e+00
    bc_9_10   fcap_bc_5_9_10  -1.000000000000e+00
    bc_9_10   fcap_bc_7_9_10  -1.000000000000e+00
    bc_9_10   fcap_bc_8_9_10  -1.000000000000e+00
    bc_9_10   fcap_bc_9_9_10  -1.000000000000e+00
    bc_9_10   fcap_bc_10_9_10  -1.000000000000e+00
    bc_9_2    deliver_bc_9_2  -1.000000000000e+00
    bc_9_2    fcap_bc_2_9_2  -1.000000000000e+00
    bc_9_2    fcap_bc_3_9_2  -1.000000000000e+00
    bc_9_2    fcap_bc_4_9_2  -1.000000000000e+00
    bc_9_2    fcap_bc_5_9_2  -1.000000000000e+00
    bc_9_2    fcap_bc_7_9_2  -1.000000000000e+00
    bc_9_2    fcap_bc_8_9_2  -1.000000000000e+00
    bc_9_2    fcap_bc_9_9_2  -1.000000000000e+00
    bc_9_2    fcap_bc_10_9_2  -1.000000000000e+00
    bc_9_3    deliver_bc_9_3  -1.000000000000e+00
    bc_9_3    fcap_bc_2_9_3  -1.000000000000e+00
    bc_9_3    fcap_bc_3_9_3  -1.000000000000e+00
    bc_9_3    fcap_bc_4_9_3  -1.000000000000e+00
    bc_9_3    fcap_bc_5_9_3  -1.000000000000e+00
    bc_9_3    fcap_bc_7_9_3  -1.000000000000e+00
    bc_9_3    fcap_bc_8_9_3  -1.000000000000e+00
    bc_9_3    fcap_bc_9_9_3  -1.000000000000e+00
    bc_9_3    fcap_bc_10_9_3  -1.000000000000e+00
    bc_9_4    deliver_bc_9_4  -1.000000000000e+00
    bc_9_4    fcap_bc_2_9_4  -1.000000000000e+00
    bc_9_4    fcap_bc_3_9_4  -1.000000000000e+00
    bc_9_4    fcap_bc_4_9_4  -1.000000000000e+00
    bc_9_4    fcap_bc_5_9_4  -1.000000000000e+00
    bc_9_4    fcap_bc_7_9_4  -1.000000000000e+00
    bc_9_4    fcap_bc_8_9_4  -1.000000000000e+00
    bc_9_4    fcap_bc_9_9_4  -1.000000000000e+00
    bc_9_4    fcap_bc_10_9_4  -1.000000000000e+00
    bc_9_5    deliver_bc_9_5  -1.000000000000e+00
    bc_9_5    fcap_bc_2_9_5  -1.000000000000e+00
    bc_9_5    fcap_bc_3_9_5  -1.000000000000e+00
    bc_9_5    fcap_bc_4_9_5  -1.000000000000e+00
    bc_9_5    fcap_bc_5_9_5  -1.000000000000e+00
    bc_9_5    fcap_bc_7_9_5  -1.000000000000e+00
    bc_9_5    fcap_bc_8_9_5  -1.000000000000e+00
    bc_9_5    fcap_bc_9_9_5  -1.000000000000e+00
    bc_9_5    fcap_bc_10_9_5  -1.000000000000e+00
    bc_9_7    deliver_bc_9_7  -1.000000000000e+00
    bc_9_7    fcap_bc_2_9_7  -1.000000000000e+00
    bc_9_7    fcap_bc_3_9_7  -1.000000000000e+00
    bc_9_7    fcap_bc_4_9_7  -1.000000000000e+00
    bc_9_7    fcap_bc_5_9_7  -1.000000000000e+00
    bc_9_7    fcap_bc_7_9_7  -1.000000000000e+00
    bc_9_7    fcap_bc_8_9_7  -1.000000000000e+00
    bc_9_7    fcap_bc_9_9_7  -1.000000000000e+00
    bc_9_7    fcap_bc_10_9_7  -1.000000000000e+00
    bc_9_8    deliver_bc_9_8  -1.000000000000e+00
    bc_9_8    fcap_bc_2_9_8  -1.000000000000e+00
    bc_9_8    fcap_bc_3_9_8  -1.000000000000e+00
    bc_9_8    fcap_bc_4_9_8  -1.000000000000e+00
    bc_9_8    fcap_bc_5_9_8  -1.000000000000e+00
    bc_9_8    fcap_bc_7_9_8  -1.000000000000e+00
    bc_9_8    fcap_bc_8_9_8  -1.000000000000e+00
    bc_9_8    fcap_bc_9_9_8  -1.000000000000e+00
    bc_9_8    fcap_bc_10_9_8  -1.000000000000e+00
    flow_bc_10_10_2  fcap_bc_10_10_2   1.000000000000e+00
    flow_bc_10_10_2  fkeep_bc_10_2   1.000000000000e+00
    flow_bc_10_10_2  fsink_bc_10  -1.000000000000e+00
    flow_bc_10_10_3  fcap_bc_10_10_3   1.000000000000e+00
    flow_bc_10_10_3  fkeep_bc_10_3   1.000000000000e+00
    flow_bc_10_10_3  fsink_bc_10  -1.000000000000e+00
    flow_bc_10_10_4  fcap_bc_10_10_4   1.000000000000e+00
    flow_bc_10_10_4  fkeep_bc_10_4   1.000000000000e+00
    flow_bc_10_10_4  fsink_bc_10  -1.000000000000e+00
    flow_bc_10_10_5  fcap_bc_10_10_5   1.000000000000e+00
    flow_bc_10_10_5  fkeep_bc_10_5   1.000000000000e+00
    flow_bc_10_10_5  fsink_bc_10  -1.000000000000e+00
    flow_bc_10_10_7  fcap_bc_10_10_7   1.000000000000e+00
    flow_bc_10_10_7  fkeep_bc_10_7   1.000000000000e+00
    flow_bc_10_10_7  fsink_bc_10  -1.000000000000e+00
    flow_bc_10_10_8  fcap_bc_10_10_8   1.000000000000e+00
    flow_bc_10_10_8  fkeep_bc_10_8   1.000000000000e+00
    flow_bc_10_10_8  fsink_bc_10  -1.000000000000e+00
    flow_bc_10_10_9  fcap_bc_10_10_9   1.000000000000e+00
    flow_bc_10_10_9  fkeep_bc_10_9   1.000000000000e+00
    flow_bc_10_10_9  fsink_bc_10  -1.000000000000e+00
    flow_bc_10_2_10  fcap_bc_10_2_10   1.000000000000e+00
    flow_bc_10_2_10  fkeep_bc_10_2  -1.000000000000e+00
    flow_bc_10_2_10  fsink_bc_10   1.000000000000e+00
    flow_bc_10_2_3  fcap_bc_10_2_3   1.000000000000e+00
    flow_bc_10_2_3  fkeep_bc_10_2  -1.000000000000e+00
    flow_bc_10_2_3  fkeep_bc_10_3   1.000000000000e+00
    flow_bc_10_2_4  fcap_bc_10_2_4   1.000000000000e+00
    flow_bc_10_2_4  fkeep_bc_10_2  -1.000000000000e+00
    flow_bc_10_2_4  fkeep_bc_10_4   1.000000000000e+00
    flow_bc_10_2_5  fcap_bc_10_2_5   1.000000000000e+00
    flow_bc_10_2_5  fkeep_bc_10_2  -1.000000000000e+00
    flow_bc_10_2_5  fkeep_bc_10_5   1.000000000000e+00
    flow_bc_10_2_7  fcap_bc_10_2_7   1.000000000000e+00
    flow_bc_10_2_7  fkeep_bc_10_2  -1.000000000000e+00
    flow_bc_10_2_7  fkeep_bc_10_7   1.000000000000e+00
    flow_bc_10_2_8  fcap_bc_10_2_8   1.000000000000e+00
    flow_bc_10_2_8  fkeep_bc_10_2  -1.000000000000e+00
    flow_bc_10_2_8  fkeep_bc_10_8   1.000000000000e+00
    flow_bc_10_2_9  fcap_bc_10_2_9   1.000000000000e+00
    flow_bc_10_2_9  fkeep_bc_10_2  -1.000000000000e+00
    flow_bc_10_2_9  fkeep_bc_10_9   1.000000000000e+00
    flow_bc_10_3_10  fcap_bc_10_3_10   1.000000000000e+00
    flow_bc_10_3_10  fkeep_bc_10_3  -1.000000000000e+00
    flow_bc_10_3_10  fsink_bc_10   1.000000000000e+00
    flow_bc_10_3_2  fcap_bc_10_3_2   1.000000000000e+00
    flow_bc_10_3_2  fkeep_bc_10_2   1.000000000000e+00
    flow_bc_10_3_2  fkeep_bc_10_3  -1.000000000000e+00
    flow_bc_10_3_4  fcap_bc_10_3_4   1.000000000000e+00
    flow_bc_10_3_4  fkeep_bc_10_3  -1.000000000000e+00
    flow_bc_10_3_4  fkeep_bc_10_4   1.000000000000e+00
    flow_bc_10_3_5  fcap_bc_10_3_5   1.000000000000e+00
    flow_bc_10_3_5  fkeep_bc_10_3  -1.000000000000e+00
    flow_bc_10_3_5  fkeep_bc_10_5   1.000000000000e+00
    flow_bc_10_3_7  fcap_bc_10_3_7   1.000000000000e+00
    flow_bc_10_3_7  fkeep_bc_10_3  -1.000000000000e+00
    flow_bc_10_3_7  fkeep_bc_10_7   1.000000000000e+00
    flow_bc_10_3_8  fcap_bc_10_3_8   1.000000000000e+00
    flow_bc_10_3_8  fkeep_bc_10_3  -1.000000000000e+00
    flow_bc_10_3_8  fkeep_bc_10_8   1.000000000000e+00
    flow_bc_10_3_9  fcap_bc_10_3_9   1.000000000000e+00
    flow_bc_10_3_9  fkeep_bc_10_3  -1.000000000000e+00
    flow_bc_10_3_9  fkeep_bc_10_9   1.000000000000e+00
    flow_bc_10_4_10  fcap_bc_10_4_10   1.000000000000e+00
    flow_bc_10_4_10  fkeep_bc_10_4  -1.000000000000e+00
    flow_bc_10_4_10  fsink_bc_10   1.000000000000e+00
    flow_bc_10_4_2  fcap_bc_10_4_2   1.000000000000e+00
    flow_bc_10_4_2  fkeep_bc_10_2   1.000000000000e+00
    flow_bc_10_4_2  fkeep_bc_10_4  -1.000000000000e+00
    flow_bc_10_4_3  fcap_bc_10_4_3   1.000000000000e+00
    flow_bc_10_4_3  fkeep_bc_10_3   1.000000000000e+00
    flow_bc_10_4_3  fkeep_bc_10_4  -1.000000000000e+00
    flow_bc_10_4_5  fcap_bc_10_4_5   1.000000000000e+00
    flow_bc_10_4_5  fkeep_bc_10_4  -1.000000000000e+00
    flow_bc_10_4_5  fkeep_bc_10_5   1.000000000000e+00
    flow_bc_10_4_7  fcap_bc_10_4_7   1.000000000000e+00
    flow_bc_10_4_7  fkeep_bc_10_4  -1.000000000000e+00
    flow_bc_10_4_7  fkeep_bc_10_7   1.000000000000e+00
    flow_bc_10_4_8  fcap_bc_10_4_8   1.000000000000e+00
    flow_bc_10_4_8  fkeep_bc_10_4  -1.000000000000e+00
    flow_bc_10_4_8  fkeep_bc_10_8   1.000000000000e+00
    flow_bc_10_4_9  fcap_bc_10_4_9   1.000000000000e+00
    flow_bc_10_4_9  fkeep_bc_10_4  -1.000000000000e+00
    flow_bc_10_4_9  fkeep_bc_10_9   1.000000000000e+00
    flow_bc_10_5_10  fcap_bc_10_5_10   1.000000000000e+00
    flow_bc_10_5_10  fkeep_bc_10_5  -1.000000000000e+00
    flow_bc_10_5_10  fsink_bc_10   1.000000000000e+00
    flow_bc_10_5_2  fcap_bc_10_5_2   1.000000000000e+00
    flow_bc_10_5_2  fkeep_bc_10_2   1.000000000000e+00
    flow_bc_10_5_2  fkeep_bc_10_5  -1.000000000000e+00
    flow_bc_10_5_3  fcap_bc_10_5_3   1.000000000000e+00
    flow_bc_10_5_3  fkeep_bc_10_3   1.000000000000e+00
    flow_bc_10_5_3  fkeep_bc_10_5  -1.000000000000e+00
    flow_bc_10_5_4  fcap_bc_10_5_4   1.000000000000e+00
    flow_bc_10_5_4  fkeep_bc_10_4   1.000000000000e+00
    flow_bc_10_5_4  fkeep_bc_10_5  -1.000000000000e+00
    flow_bc_10_5_7  fcap_bc_10_5_7   1.000000000000e+00
    flow_bc_10_5_7  fkeep_bc_10_5  -1.000000000000e+00
    flow_bc_10_5_7  fkeep_bc_10_7   1.000000000000e+00
    flow_bc_10_5_8  fcap_bc_10_5_8   1.000000000000e+00
    flow_bc_10_5_8  fkeep_bc_10_5  -1.000000000000e+00
    flow_bc_10_5_8  fkeep_bc_10_8   1.000000000000e+00
    flow_bc_10_5_9  fcap_bc_10_5_9   1.000000000000e+00
    flow_bc_10_5_9  fkeep_bc_10_5  -1.000000000000e+00
    flow_bc_10_5_9  fkeep_bc_10_9   1.000000000000e+00
    flow_bc_10_7_10  fcap_bc_10_7_10   1.000000000000e+00
    flow_bc_10_7_10  fkeep_bc_10_7  -1.000000000000e+00
    flow_bc_10_7_10  fsink_bc_10   1.000000000000e+00
    flow_bc_10_7_2  fcap_bc_10_7_2   1.000000000000e+00
    flow_bc_10_7_2  fkeep_bc_10_2   1.000000000000e+00
    flow_bc_10_7_2  fkeep_bc_10_7  -1.000000000000e+00
    flow_bc_10_7_3  fcap_bc_10_7_3   1.000000000000e+00
    flow_bc_10_7_3  fkeep_bc_10_3   1.000000000000e+00
    flow_bc_10_7_3  fkeep_bc_10_7  -1.000000000000e+00
    flow_bc_10_7_4  fcap_bc_10_7_4   1.000000000000e+00
    flow_bc_10_7_4  fkeep_bc_10_4   1.000000000000e+00
    flow_bc_10_7_4  fkeep_bc_10_7  -1.000000000000e+00
    flow_bc_10_7_5  fcap_bc_10_7_5   1.000000000000e+00
    flow_bc_10_7_5  fkeep_bc_10_5   1.000000000000e+00
    flow_bc_10_7_5  fkeep_bc_10_7  -1.000000000000e+00
    flow_bc_10_7_8  fcap_bc_10_7_8   1.000000000000e+00
    flow_bc_10_7_8  fkeep_bc_10_7  -1.000000000000e+00
    flow_bc_10_7_8  fkeep_bc_10_8   1.000000000000e+00
    flow_bc_10_7_9  fcap_bc_10_7_9   1.000000000000e+00
    flow_bc_10_7_9  fkeep_bc_10_7  -1.000000000000e+00
    flow_bc_10_7_9  fkeep_bc_10_9   1.000000000000e+00
    flow_bc_10_8_10  fcap_bc_10_8_10   1.000000000000e+00
    flow_bc_10_8_10  fkeep_bc_10_8  -1.000000000000e+00
    flow_bc_10_8_10  fsink_bc_10   1.000000000000e+00
    flow_bc_10_8_2  fcap_bc_10_8_2   1.000000000000e+00
    flow_bc_10_8_2  fkeep_bc_10_2   1.000000000000e+00
    flow_bc_10_8_2  fkeep_bc_10_8  -1.000000000000e+00
    flow_bc_10_8_3  fcap_bc_10_8_3   1.000000000000e+00
    flow_bc_10_8_3  fkeep_bc_10_3   1.000000000000e+00
    flow_bc_10_8_3  fkeep_bc_10_8  -1.000000000000e+00
    flow_bc_10_8_4  fcap_bc_10_8_4   1.000000000000e+00
    flow_bc_10_8_4  fkeep_bc_10_4   1.000000000000e+00
    flow_bc_10_8_4  fkeep_bc_10_8  -1.000000000000e+00
    flow_bc_10_8_5  fcap_bc_10_8_5   1.000000000000e+00
    flow_bc_10_8_5  fkeep_bc_10_5   1.000000000000e+00
    flow_bc_10_8_5  fkeep_bc_10_8  -1.000000000000e+00
    flow_bc_10_8_7  fcap_bc_10_8_7   1.000000000000e+00
    flow_bc_10_8_7  fkeep_bc_10_7   1.000000000000e+00
    flow_bc_10_8_7  fkeep_bc_10_8  -1.000000000000e+00
    flow_bc_10_8_9  fcap_bc_10_8_9   1.000000000000e+00
    flow_bc_10_8_9  fkeep_bc_10_8  -1.000000000000e+00
    flow_bc_10_8_9  fkeep_bc_10_9   1.000000000000e+00
    flow_bc_10_9_10  fcap_bc_10_9_10   1.000000000000e+00
    flow_bc_10_9_10  fkeep_bc_10_9  -1.000000000000e+00
    flow_bc_10_9_10  fsink_bc_10   1.000000000000e+00
    flow_bc_10_9_2  fcap_bc_10_9_2   1.000000000000e+00
    flow_bc_10_9_2  fkeep_bc_10_2   1.000000000000e+00
    flow_bc_10_9_2  fkeep_bc_10_9  -1.000000000000e+00
    flow_bc_10_9_3  fcap_bc_10_9_3   1.000000000000e+00
    flow_bc_10_9_3  fkeep_bc_10_3   1.000000000000e+00
    flow_bc_10_9_3  fkeep_bc_10_9  -1.000000000000e+00
    flow_bc_10_9_4  fcap_bc_10_9_4   1.000000000000e+00
    flow_bc_10_9_4  fkeep_bc_10_4   1.000000000000e+00
    flow_bc_10_9_4  fkeep_bc_10_9  -1.000000000000e+00
    flow_bc_10_9_5  fcap_bc_10_9_5   1.000000000000e+00
    flow_bc_10_9_5  fkeep_bc_10_5   1.000000000000e+00
    flow_bc_10_9_5  fkeep_bc_10_9  -1.000000000000e+00
    flow_bc_10_9_7  fcap_bc_10_9_7   1.000000000000e+00
    flow_bc_10_9_7  fkeep_bc_10_7   1.000000000000e+00
    flow_bc_10_9_7  fkeep_bc_10_9  -1.000000000000e+00
    flow_bc_10_9_8  fcap_bc_10_9_8   1.000000000000e+00
    flow_bc_10_9_8  fkeep_bc_10_8   1.000000000000e+00
    flow_bc_10_9_8  fkeep_bc_10_9  -1.000000000000e+00
    flow_bc_2_10_2  fcap_bc_2_10_2   1.000000000000e+00
    flow_bc_2_10_2  fsink_bc_2   1.000000000000e+00
    flow_bc_2_10_2  fkeep_bc_2_10  -1.000000000000e+00
    flow_bc_2_10_3  fcap_bc_2_10_3   1.000000000000e+00
    flow_bc_2_10_3  fkeep_bc_2_3   1.000000000000e+00
    flow_bc_2_10_3  fkeep_bc_2_10  -1.000000000000e+00
    flow_bc_2_10_4  fcap_bc_2_10_4   1.000000000000e+00
    flow_bc_2_10_4  fkeep_bc_2_4   1.000000000000e+00
    flow_bc_2_10_4  fkeep_bc_2_10  -1.000000000000e+00
    flow_bc_2_10_5  fcap_bc_2_10_5   1.000000000000e+00
    flow_bc_2_10_5  fkeep_bc_2_5   1.000000000000e+00
    flow_bc_2_10_5  fkeep_bc_2_10  -1.000000000000e+00
    flow_bc_2_10_7  fcap_bc_2_10_7   1.000000000000e+00
    flow_bc_2_10_7  fkeep_bc_2_7   1.000000000000e+00
    flow_bc_2_10_7  fkeep_bc_2_10  -1.000000000000e+00
    flow_bc_2_10_8  fcap_bc_2_10_8   1.000000000000e+00
    flow_bc_2_10_8  fkeep_bc_2_8   1.000000000000e+00
    flow_bc_2_10_8  fkeep_bc_2_10  -1.000000000000e+00
    flow_bc_2_10_9  fcap_bc_2_10_9   1.000000000000e+00
    flow_bc_2_10_9  fkeep_bc_2_9   1.000000000000e+00
    flow_bc_2_10_9  fkeep_bc_2_10  -1.000000000000e+00
    flow_bc_2_2_10  fcap_bc_2_2_10   1.000000000000e+00
    flow_bc_2_2_10  fsink_bc_2  -1.000000000000e+00
    flow_bc_2_2_10  fkeep_bc_2_10   1.000000000000e+00
    flow_bc_2_2_3  fcap_bc_2_2_3   1.000000000000e+00
    flow_bc_2_2_3  fsink_bc_2  -1.000000000000e+00
    flow_bc_2_2_3  fkeep_bc_2_3   1.000000000000e+00
    flow_bc_2_2_4  fcap_bc_2_2_4   1.000000000000e+00
    flow_bc_2_2_4  fsink_bc_2  -1.000000000000e+00
    flow_bc_2_2_4  fkeep_bc_2_4   1.000000000000e+00
    flow_bc_2_2_5  fcap_bc_2_2_5   1.000000000000e+00
    flow_bc_2_2_5  fsink_bc_2  -1.000000000000e+00
    flow_bc_2_2_5  fkeep_bc_2_5   1.000000000000e+00
    flow_bc_2_2_7  fcap_bc_2_2_7   1.000000000000e+00
    flow_bc_2_2_7  fsink_bc_2  -1.000000000000e+00
    flow_bc_2_2_7  fkeep_bc_2_7   1.000000000000e+00
    flow_bc_2_2_8  fcap_bc_2_2_8   1.000000000000e+00
    flow_bc_2_2_8  fsink_bc_2  -1.000000000000e+00
    flow_bc_2_2_8  fkeep_bc_2_8   1.000000000000e+00
    flow_bc_2_2_9  fcap_bc_2_2_9   1.000000000000e+00
    flow_bc_2_2_9  fsink_bc_2  -1.000000000000e+00
    flow_bc_2_2_9  fkeep_bc_2_9   1.000000000000e+00
    flow_bc_2_3_10  fcap_bc_2_3_10   1.000000000000e+00
    flow_bc_2_3_10  fkeep_bc_2_3  -1.000000000000e+00
    flow_bc_2_3_10  fkeep_bc_2_10   1.000000000000e+00
    flow_bc_2_3_2  fcap_bc_2_3_2   1.000000000000e+00
    flow_bc_2_3_2  fsink_bc_2   1.000000000000e+00
    flow_bc_2_3_2  fkeep_bc_2_3  -1.000000000000e+00
    flow_bc_2_3_4  fcap_bc_2_3_4   1.000000000000e+00
    flow_bc_2_3_4  fkeep_bc_2_3  -1.000000000000e+00
    flow_bc_2_3_4  fkeep_bc_2_4   1.000000000000e+00
    flow_bc_2_3_5  fcap_bc_2_3_5   1.000000000000e+00
    flow_bc_2_3_5  fkeep_bc_2_3  -1.000000000000e+00
    flow_bc_2_3_5  fkeep_bc_2_5   1.000000000000e+00
    flow_bc_2_3_7  fcap_bc_2_3_7   1.000000000000e+00
    flow_bc_2_3_7  fkeep_bc_2_3  -1.000000000000e+00
    flow_bc_2_3_7  fkeep_bc_2_7   1.000000000000e+00
    flow_bc_2_3_8  fcap_bc_2_3_8   1.000000000000e+00
    flow_bc_2_3_8  fkeep_bc_2_3  -1.000000000000e+00
    flow_bc_2_3_8  fkeep_bc_2_8   1.000000000000e+00
    flow_bc_2_3_9  fcap_bc_2_3_9   1.000000000000e+00
    flow_bc_2_3_9  fkeep_bc_2_3  -1.000000000000e+00
    flow_bc_2_3_9  fkeep_bc_2_9   1.000000000000e+00
    flow_bc_2_4_10  fcap_bc_2_4_10   1.000000000000e+00
    flow_bc_2_4_10  fkeep_bc_2_4  -1.000000000000e+00
    flow_bc_2_4_10  fkeep_bc_2_10   1.000000000000e+00
    flow_bc_2_4_2  fcap_bc_2_4_2   1.000000000000e+00
    flow_bc_2_4_2  fsink_bc_2   1.000000000000e+00
    flow_bc_2_4_2  fkeep_bc_2_4  -1.000000000000e+00
    flow_bc_2_4_3  fcap_bc_2_4_3   1.000000000000e+00
    flow_bc_2_4_3  fkeep_bc_2_3   1.000000000000e+00
    flow_bc_2_4_3  fkeep_bc_2_4  -1.000000000000e+00
    flow_bc_2_4_5  fcap_bc_2_4_5   1.000000000000e+00
    flow_bc_2_4_5  fkeep_bc_2_4  -1.000000000000e+00
    flow_bc_2_4_5  fkeep_bc_2_5   1.000000000000e+00
    flow_bc_2_4_7  fcap_bc_2_4_7   1.000000000000e+00
    flow_bc_2_4_7  fkeep_bc_2_4  -1.000000000000e+00
    flow_bc_2_4_7  fkeep_bc_2_7   1.000000000000e+00
    flow_bc_2_4_8  fcap_bc_2_4_8   1.000000000000e+00
    flow_bc_2_4_8  fkeep_bc_2_4  -1.000000000000e+00
    flow_bc_2_4_8  fkeep_bc_2_8   1.000000000000e+00
    flow_bc_2_4_9  fcap_bc_2_4_9   1.000000000000e+00
    flow_bc_2_4_9  fkeep_bc_2_4  -1.000000000000e+00
    flow_bc_2_4_9  fkeep_bc_2_9   1.000000000000e+00
    flow_bc_2_5_10  fcap_bc_2_5_10   1.000000000000e+00
    flow_bc_2_5_10  fkeep_bc_2_5  -1.000000000000e+00
    flow_bc_2_5_10  fkeep_bc_2_10   1.000000000000e+00
    flow_bc_2_5_2  fcap_bc_2_5_2   1.000000000000e+00
    flow_bc_2_5_2  fsink_bc_2   1.000000000000e+00
    flow_bc_2_5_2  fkeep_bc_2_5  -1.000000000000e+00
    flow_bc_2_5_3  fcap_bc_2_5_3   1.000000000000e+00
    flow_bc_2_5_3  fkeep_bc_2_3   1.000000000000e+00
    flow_bc_2_5_3  fkeep_bc_2_5  -1.000000000000e+00
    flow_bc_2_5_4  fcap_bc_2_5_4   1.000000000000e+00
    flow_bc_2_5_4  fkeep_bc_2_4   1.000000000000e+00
    flow_bc_2_5_4  fkeep_bc_2_5  -1.000000000000e+00
    flow_bc_2_5_7  fcap_bc_2_5_7   1.000000000000e+00
    flow_bc_2_5_7  fkeep_bc_2_5  -1.000000000000e+00
    flow_bc_2_5_7  fkeep_bc_2_7   1.000000000000e+00
    flow_bc_2_5_8  fcap_bc_2_5_8   1.000000000000e+00
    flow_bc_2_5_8  fkeep_bc_2_5  -1.000000000000e+00
    flow_bc_2_5_8  fkeep_bc_2_8   1.000000000000e+00
    flow_bc_2_5_9  fcap_bc_2_5_9   1.000000000000e+00
    flow_bc_2_5_9  fkeep_bc_2_5  -1.000000000000e+00
    flow_bc_2_5_9  fkeep_bc_2_9   1.000000000000e+00
    flow_bc_2_7_10  fcap_bc_2_7_10   1.000000000000e+00
    flow_bc_2_7_10  fkeep_bc_2_7  -1.000000000000e+00
    flow_bc_2_7_10  fkeep_bc_2_10   1.000000000000e+00
    flow_bc_2_7_2  fcap_bc_2_7_2   1.000000000000e+00
    flow_bc_2_7_2  fsink_bc_2   1.000000000000e+00
    flow_bc_2_7_2  fkeep_bc_2_7  -1.000000000000e+00
    flow_bc_2_7_3  fcap_bc_2_7_3   1.000000000000e+00
    flow_bc_2_7_3  fkeep_bc_2_3   1.000000000000e+00
    flow_bc_2_7_3  fkeep_bc_2_7  -1.000000000000e+00
    flow_bc_2_7_4  fcap_bc_2_7_4   1.000000000000e+00
    flow_bc_2_7_4  fkeep_bc_2_4   1.000000000000e+00
    flow_bc_2_7_4  fkeep_bc_2_7  -1.000000000000e+00
    flow_bc_2_7_5  fcap_bc_2_7_5   1.000000000000e+00
    flow_bc_2_7_5  fkeep_bc_2_5   1.000000000000e+00
    flow_bc_2_7_5  fkeep_bc_2_7  -1.000000000000e+00
    flow_bc_2_7_8  fcap_bc_2_7_8   1.000000000000e+00
    flow_bc_2_7_8  fkeep_bc_2_7  -1.000000000000e+00
    flow_bc_2_7_8  fkeep_bc_2_8   1.000000000000e+00
    flow_bc_2_7_9  fcap_bc_2_7_9   1.000000000000e+00
    flow_bc_2_7_9  fkeep_bc_2_7  -1.000000000000e+00
    flow_bc_2_7_9  fkeep_bc_2_9   1.000000000000e+00
    flow_bc_2_8_10  fcap_bc_2_8_10   1.000000000000e+00
    flow_bc_2_8_10  fkeep_bc_2_8  -1.000000000000e+00
    flow_bc_2_8_10  fkeep_bc_2_10   1.000000000000e+00
    flow_bc_2_8_2  fcap_bc_2_8_2   1.000000000000e+00
    flow_bc_2_8_2  fsink_bc_2   1.000000000000e+00
    flow_bc_2_8_2  fkeep_bc_2_8  -1.000000000000e+00
    flow_bc_2_8_3  fcap_bc_2_8_3   1.000000000000e+00
    flow_bc_2_8_3  fkeep_bc_2_3   1.000000000000e+00
    flow_bc_2_8_3  fkeep_bc_2_8  -1.000000000000e+00
    flow_bc_2_8_4  fcap_bc_2_8_4   1.000000000000e+00
    flow_bc_2_8_4  fkeep_bc_2_4   1.000000000000e+00
    flow_bc_2_8_4  fkeep_bc_2_8  -1.000000000000e+00
    flow_bc_2_8_5  fcap_bc_2_8_5   1.000000000000e+00
    flow_bc_2_8_5  fkeep_bc_2_5   1.000000000000e+00
    flow_bc_2_8_5  fkeep_bc_2_8  -1.000000000000e+00
    flow_bc_2_8_7  fcap_bc_2_8_7   1.000000000000e+00
    flow_bc_2_8_7  fkeep_bc_2_7   1.000000000000e+00
    flow_bc_2_8_7  fkeep_bc_2_8  -1.000000000000e+00
    flow_bc_2_8_9  fcap_bc_2_8_9   1.000000000000e+00
    flow_bc_2_8_9  fkeep_bc_2_8  -1.000000000000e+00
    flow_bc_2_8_9  fkeep_bc_2_9   1.000000000000e+00
    flow_bc_2_9_10  fcap_bc_2_9_10   1.000000000000e+00
    flow_bc_2_9_10  fkeep_bc_2_9  -1.000000000000e+00
    flow_bc_2_9_10  fkeep_bc_2_10   1.000000000000e+00
    flow_bc_2_9_2  fcap_bc_2_9_2   1.000000000000e+00
    flow_bc_2_9_2  fsink_bc_2   1.000000000000e+00
    flow_bc_2_9_2  fkeep_bc_2_9  -1.000000000000e+00
    flow_bc_2_9_3  fcap_bc_2_9_3   1.000000000000e+00
    flow_bc_2_9_3  fkeep_bc_2_3   1.000000000000e+00
    flow_bc_2_9_3  fkeep_bc_2_9  -1.000000000000e+00
    flow_bc_2_9_4  fcap_bc_2_9_4   1.000000000000e+00
    flow_bc_2_9_4  fkeep_bc_2_4   1.000000000000e+00
    flow_bc_2_9_4  fkeep_bc_2_9  -1.000000000000e+00
    flow_bc_2_9_5  fcap_bc_2_9_5   1.000000000000e+00
    flow_bc_2_9_5  fkeep_bc_2_5   1.000000000000e+00
    flow_bc_2_9_5  fkeep_bc_2_9  -1.000000000000e+00
    flow_bc_2_9_7  fcap_bc_2_9_7   1.000000000000e+00
    flow_bc_2_9_7  fkeep_bc_2_7   1.000000000000e+00
    flow_bc_2_9_7  fkeep_bc_2_9  -1.000000000000e+00
    flow_bc_2_9_8  fcap_bc_2_9_8   1.000000000000e+00
    flow_bc_2_9_8  fkeep_bc_2_8   1.000000000000e+00
    flow_bc_2_9_8  fkeep_bc_2_9  -1.000000000000e+00
    flow_bc_3_10_2  fcap_bc_3_10_2   1.000000000000e+00
    flow_bc_3_10_2  fkeep_bc_3_2   1.000000000000e+00
    flow_bc_3_10_2  fkeep_bc_3_10  -1.000000000000e+00
    flow_bc_3_10_3  fcap_bc_3_10_3   1.000000000000e+00
    flow_bc_3_10_3  fsink_bc_3   1.000000000000e+00
    flow_bc_3_10_3  fkeep_bc_3_10  -1.000000000000e+00
    flow_bc_3_10_4  fcap_bc_3_10_4   1.000000000000e+00
    flow_bc_3_10_4  fkeep_bc_3_4   1.000000000000e+00
    flow_bc_3_10_4  fkeep_bc_3_10  -1.000000000000e+00
    flow_bc_3_10_5  fcap_bc_3_10_5   1.000000000000e+00
    flow_bc_3_10_5  fkeep_bc_3_5   1.000000000000e+00
    flow_bc_3_10_5  fkeep_bc_3_10  -1.000000000000e+00
    flow_bc_3_10_7  fcap_bc_3_10_7   1.000000000000e+00
    flow_bc_3_10_7  fkeep_bc_3_7   1.000000000000e+00
    flow_bc_3_10_7  fkeep_bc_3_10  -1.000000000000e+00
    flow_bc_3_10_8  fcap_bc_3_10_8   1.000000000000e+00
    flow_bc_3_10_8  fkeep_bc_3_8   1.000000000000e+00
    flow_bc_3_10_8  fkeep_bc_3_10  -1.000000000000e+00
    flow_bc_3_10_9  fcap_bc_3_10_9   1.000000000000e+00
    flow_bc_3_10_9  fkeep_bc_3_9   1.000000000000e+00
    flow_bc_3_10_9  fkeep_bc_3_10  -1.000000000000e+00
    flow_bc_3_2_10  fcap_bc_3_2_10   1.000000000000e+00
    flow_bc_3_2_10  fkeep_bc_3_2  -1.000000000000e+00
    flow_bc_3_2_10  fkeep_bc_3_10   1.000000000000e+00
    flow_bc_3_2_3  fcap_bc_3_2_3   1.000000000000e+00
    flow_bc_3_2_3  fkeep_bc_3_2  -1.000000000000e+00
    flow_bc_3_2_3  fsink_bc_3   1.000000000000e+00
    flow_bc_3_2_4  fcap_bc_3_2_4   1.000000000000e+00
    flow_bc_3_2_4  fkeep_bc_3_2  -1.000000000000e+00
    flow_bc_3_2_4  fkeep_bc_3_4   1.000000000000e+00
    flow_bc_3_2_5  fcap_bc_3_2_5   1.000000000000e+00
    flow_bc_3_2_5  fkeep_bc_3_2  -1.000000000000e+00
    flow_bc_3_2_5  fkeep_bc_3_5   1.000000000000e+00
    flow_bc_3_2_7  fcap_bc_3_2_7   1.000000000000e+00
    flow_bc_3_2_7  fkeep_bc_3_2  -1.000000000000e+00
    flow_bc_3_2_7  fkeep_bc_3_7   1.000000000000e+00
    flow_bc_3_2_8  fcap_bc_3_2_8   1.000000000000e+00
    flow_bc_3_2_8  fkeep_bc_3_2  -1.000000000000e+00
    flow_bc_3_2_8  fkeep_bc_3_8   1.000000000000e+00
    flow_bc_3_2_9  fcap_bc_3_2_9   1.000000000000e+00
    flow_bc_3_2_9  fkeep_bc_3_2  -1.000000000000e+00
    flow_bc_3_2_9  fkeep_bc_3_9   1.000000000000e+00
    flow_bc_3_3_10  fcap_bc_3_3_10   1.000000000000e+00
    flow_bc_3_3_10  fsink_bc_3  -1.000000000000e+00
    flow_bc_3_3_10  fkeep_bc_3_10   1.000000000000e+00
    flow_bc_3_3_2  fcap_bc_3_3_2   1.000000000000e+00
    flow_bc_3_3_2  fkeep_bc_3_2   1.000000000000e+00
    flow_bc_3_3_2  fsink_bc_3  -1.000000000000e+00
    flow_bc_3_3_4  fcap_bc_3_3_4   1.000000000000e+00
    flow_bc_3_3_4  fsink_bc_3  -1.000000000000e+00
    flow_bc_3_3_4  fkeep_bc_3_4   1.000000000000e+00
    flow_bc_3_3_5  fcap_bc_3_3_5   1.000000000000e+00
    flow_bc_3_3_5  fsink_bc_3  -1.000000000000e+00
    flow_bc_3_3_5  fkeep_bc_3_5   1.000000000000e+00
    flow_bc_3_3_7  fcap_bc_3_3_7   1.000000000000e+00
    flow_bc_3_3_7  fsink_bc_3  -1.000000000000e+00
    flow_bc_3_3_7  fkeep_bc_3_7   1.000000000000e+00
    flow_bc_3_3_8  fcap_bc_3_3_8   1.000000000000e+00
    flow_bc_3_3_8  fsink_bc_3  -1.000000000000e+00
    flow_bc_3_3_8  fkeep_bc_3_8   1.000000000000e+00
    flow_bc_3_3_9  fcap_bc_3_3_9   1.000000000000e+00
    flow_bc_3_3_9  fsink_bc_3  -1.000000000000e+00
    flow_bc_3_3_9  fkeep_bc_3_9   1.000000000000e+00
    flow_bc_3_4_10  fcap_bc_3_4_10   1.000000000000e+00
    flow_bc_3_4_10  fkeep_bc_3_4  -1.000000000000e+00
    flow_bc_3_4_10  fkeep_bc_3_10   1.000000000000e+00
    flow_bc_3_4_2  fcap_bc_3_4_2   1.000000000000e+00
    flow_bc_3_4_2  fkeep_bc_3_2   1.000000000000e+00
    flow_bc_3_4_2  fkeep_bc_3_4  -1.000000000000e+00
    flow_bc_3_4_3  fcap_bc_3_4_3   1.000000000000e+00
    flow_bc_3_4_3  fsink_bc_3   1.000000000000e+00
    flow_bc_3_4_3  fkeep_bc_3_4  -1.000000000000e+00
    flow_bc_3_4_5  fcap_bc_3_4_5   1.000000000000e+00
    flow_bc_3_4_5  fkeep_bc_3_4  -1.000000000000e+00
    flow_bc_3_4_5  fkeep_bc_3_5   1.000000000000e+00
    flow_bc_3_4_7  fcap_bc_3_4_7   1.000000000000e+00
    flow_bc_3_4_7  fkeep_bc_3_4  -1.000000000000e+00
    flow_bc_3_4_7  fkeep_bc_3_7   1.000000000000e+00
    flow_bc_3_4_8  fcap_bc_3_4_8   1.000000000000e+00
    flow_bc_3_4_8  fkeep_bc_3_4  -1.000000000000e+00
    flow_bc_3_4_8  fkeep_bc_3_8   1.000000000000e+00
    flow_bc_3_4_9  fcap_bc_3_4_9   1.000000000000e+00
    flow_bc_3_4_9  fkeep_bc_3_4  -1.000000000000e+00
    flow_bc_3_4_9  fkeep_bc_3_9   1.000000000000e+00
    flow_bc_3_5_10  fcap_bc_3_5_10   1.000000000000e+00
    flow_bc_3_5_10  fkeep_bc_3_5  -1.000000000000e+00
    flow_bc_3_5_10  fkeep_bc_3_10   1.000000000000e+00
    flow_bc_3_5_2  fcap_bc_3_5_2   1.000000000000e+00
    flow_bc_3_5_2  fkeep_bc_3_2   1.000000000000e+00
    flow_bc_3_5_2  fkeep_bc_3_5  -1.000000000000e+00
    flow_bc_3_5_3  fcap_bc_3_5_3   1.000000000000e+00
    flow_bc_3_5_3  fsink_bc_3   1.000000000000e+00
    flow_bc_3_5_3  fkeep_bc_3_5  -1.000000000000e+00
    flow_bc_3_5_4  fcap_bc_3_5_4   1.000000000000e+00
    flow_bc_3_5_4  fkeep_bc_3_4   1.000000000000e+00
    flow_bc_3_5_4  fkeep_bc_3_5  -1.000000000000e+00
    flow_bc_3_5_7  fcap_bc_3_5_7   1.000000000000e+00
    flow_bc_3_5_7  fkeep_bc_3_5  -1.000000000000e+00
    flow_bc_3_5_7  fkeep_bc_3_7   1.000000000000e+00
    flow_bc_3_5_8  fcap_bc_3_5_8   1.000000000000e+00
    flow_bc_3_5_8  fkeep_bc_3_5  -1.000000000000e+00
    flow_bc_3_5_8  fkeep_bc_3_8   1.000000000000e+00
    flow_bc_3_5_9  fcap_bc_3_5_9   1.000000000000e+00
    flow_bc_3_5_9  fkeep_bc_3_5  -1.000000000000e+00
    flow_bc_3_5_9  fkeep_bc_3_9   1.000000000000e+00
    flow_bc_3_7_10  fcap_bc_3_7_10   1.000000000000e+00
    flow_bc_3_7_10  fkeep_bc_3_7  -1.000000000000e+00
    flow_bc_3_7_10  fkeep_bc_3_10   1.000000000000e+00
    flow_bc_3_7_2  fcap_bc_3_7_2   1.000000000000e+00
    flow_bc_3_7_2  fkeep_bc_3_2   1.000000000000e+00
    flow_bc_3_7_2  fkeep_bc_3_7  -1.000000000000e+00
    flow_bc_3_7_3  fcap_bc_3_7_3   1.000000000000e+00
    flow_bc_3_7_3  fsink_bc_3   1.000000000000e+00
    flow_bc_3_7_3  fkeep_bc_3_7  -1.000000000000e+00
    flow_bc_3_7_4  fcap_bc_3_7_4   1.000000000000e+00
    flow_bc_3_7_4  fkeep_bc_3_4   1.000000000000e+00
    flow_bc_3_7_4  fkeep_bc_3_7  -1.000000000000e+00
    flow_bc_3_7_5  fcap_bc_3_7_5   1.000000000000e+00
    flow_bc_3_7_5  fkeep_bc_3_5   1.000000000000e+00
    flow_bc_3_7_5  fkeep_bc_3_7  -1.000000000000e+00
    flow_bc_3_7_8  fcap_bc_3_7_8   1.000000000000e+00
    flow_bc_3_7_8  fkeep_bc_3_7  -1.000000000000e+00
    flow_bc_3_7_8  fkeep_bc_3_8   1.000000000000e+00
    flow_bc_3_7_9  fcap_bc_3_7_9   1.000000000000e+00
    flow_bc_3_7_9  fkeep_bc_3_7  -1.000000000000e+00
    flow_bc_3_7_9  fkeep_bc_3_9   1.000000000000e+00
    flow_bc_3_8_10  fcap_bc_3_8_10   1.000000000000e+00
    flow_bc_3_8_10  fkeep_bc_3_8  -1.000000000000e+00
    flow_bc_3_8_10  fkeep_bc_3_10   1.000000000000e+00
    flow_bc_3_8_2  fcap_bc_3_8_2   1.000000000000e+00
    flow_bc_3_8_2  fkeep_bc_3_2   1.000000000000e+00
    flow_bc_3_8_2  fkeep_bc_3_8  -1.000000000000e+00
    flow_bc_3_8_3  fcap_bc_3_8_3   1.000000000000e+00
    flow_bc_3_8_3  fsink_bc_3   1.000000000000e+00
    flow_bc_3_8_3  fkeep_bc_3_8  -1.000000000000e+00
    flow_bc_3_8_4  fcap_bc_3_8_4   1.000000000000e+00
    flow_bc_3_8_4  fkeep_bc_3_4   1.000000000000e+00
    flow_bc_3_8_4  fkeep_bc_3_8  -1.000000000000e+00
    flow_bc_3_8_5  fcap_bc_3_8_5   1.000000000000e+00
    flow_bc_3_8_5  fkeep_bc_3_5   1.000000000000e+00
    flow_bc_3_8_5  fkeep_bc_3_8  -1.000000000000e+00
    flow_bc_3_8_7  fcap_bc_3_8_7   1.000000000000e+00
    flow_bc_3_8_7  fkeep_bc_3_7   1.000000000000e+00
    flow_bc_3_8_7  fkeep_bc_3_8  -1.000000000000e+00
    flow_bc_3_8_9  fcap_bc_3_8_9   1.000000000000e+00
    flow_bc_3_8_9  fkeep_bc_3_8  -1.000000000000e+00
    flow_bc_3_8_9  fkeep_bc_3_9   1.000000000000e+00
    flow_bc_3_9_10  fcap_bc_3_9_10   1.000000000000e+00
    flow_bc_3_9_10  fkeep_bc_3_9  -1.000000000000e+00
    flow_bc_3_9_10  fkeep_bc_3_10   1.000000000000e+00
    flow_bc_3_9_2  fcap_bc_3_9_2   1.000000000000e+00
    flow_bc_3_9_2  fkeep_bc_3_2   1.000000000000e+00
    flow_bc_3_9_2  fkeep_bc_3_9  -1.000000000000e+00
    flow_bc_3_9_3  fcap_bc_3_9_3   1.000000000000e+00
    flow_bc_3_9_3  fsink_bc_3   1.000000000000e+00
    flow_bc_3_9_3  fkeep_bc_3_9  -1.000000000000e+00
    flow_bc_3_9_4  fcap_bc_3_9_4   1.000000000000e+00
    flow_bc_3_9_4  fkeep_bc_3_4   1.000000000000e+00
    flow_bc_3_9_4  fkeep_bc_3_9  -1.000000000000e+00
    flow_bc_3_9_5  fcap_bc_3_9_5   1.000000000000e+00
    flow_bc_3_9_5  fkeep_bc_3_5   1.000000000000e+00
    flow_bc_3_9_5  fkeep_bc_3_9  -1.000000000000e+00
    flow_bc_3_9_7  fcap_bc_3_9_7   1.000000000000e+00
    flow_bc_3_9_7  fkeep_bc_3_7   1.000000000000e+00
    flow_bc_3_9_7  fkeep_bc_3_9  -1.000000000000e+00
    flow_bc_3_9_8  fcap_bc_3_9_8   1.000000000000e+00
    flow_bc_3_9_8  fkeep_bc_3_8   1.000000000000e+00
    flow_bc_3_9_8  fkeep_bc_3_9  -1.000000000000e+00
    flow_bc_4_10_2  fcap_bc_4_10_2   1.000000000000e+00
    flow_bc_4_10_2  fkeep_bc_4_2   1.000000000000e+00
    flow_bc_4_10_2  fkeep_bc_4_10  -1.000000000000e+00
    flow_bc_4_10_3  fcap_bc_4_10_3   1.000000000000e+00
    flow_bc_4_10_3  fkeep_bc_4_3   1.000000000000e+00
    flow_bc_4_10_3  fkeep_bc_4_10  -1.000000000000e+00
    flow_bc_4_10_4  fcap_bc_4_10_4   1.000000000000e+00
    flow_bc_4_10_4  fsink_bc_4   1.000000000000e+00
    flow_bc_4_10_4  fkeep_bc_4_10  -1.000000000000e+00
    flow_bc_4_10_5  fcap_bc_4_10_5   1.000000000000e+00
    flow_bc_4_10_5  fkeep_bc_4_5   1.000000000000e+00
    flow_bc_4_10_5  fkeep_bc_4_10  -1.000000000000e+00
    flow_bc_4_10_7  fcap_bc_4_10_7   1.000000000000e+00
    flow_bc_4_10_7  fkeep_bc_4_7   1.000000000000e+00
    flow_bc_4_10_7  fkeep_bc_4_10  -1.000000000000e+00
    flow_bc_4_10_8  fcap_bc_4_10_8   1.000000000000e+00
    flow_bc_4_10_8  fkeep_bc_4_8   1.000000000000e+00
    flow_bc_4_10_8  fkeep_bc_4_10  -1.000000000000e+00
    flow_bc_4_10_9  fcap_bc_4_10_9   1.000000000000e+00
    flow_bc_4_10_9  fkeep_bc_4_9   1.000000000000e+00
    flow_bc_4_10_9  fkeep_bc_4_10  -1.000000000000e+00
    flow_bc_4_2_10  fcap_bc_4_2_10   1.000000000000e+00
    flow_bc_4_2_10  fkeep_bc_4_2  -1.000000000000e+00
    flow_bc_4_2_10  fkeep_bc_4_10   1.000000000000e+00
    flow_bc_4_2_3  fcap_bc_4_2_3   1.000000000000e+00
    flow_bc_4_2_3  fkeep_bc_4_2  -1.000000000000e+00
    flow_bc_4_2_3  fkeep_bc_4_3   1.000000000000e+00
    flow_bc_4_2_4  fcap_bc_4_2_4   1.000000000000e+00
    flow_bc_4_2_4  fkeep_bc_4_2  -1.000000000000e+00
    flow_bc_4_2_4  fsink_bc_4   1.000000000000e+00
    flow_bc_4_2_5  fcap_bc_4_2_5   1.000000000000e+00
    flow_bc_4_2_5  fkeep_bc_4_2  -1.000000000000e+00
    flow_bc_4_2_5  fkeep_bc_4_5   1.000000000000e+00
    flow_bc_4_2_7  fcap_bc_4_2_7   1.000000000000e+00
    flow_bc_4_2_7  fkeep_bc_4_2  -1.000000000000e+00
    flow_bc_4_2_7  fkeep_bc_4_7   1.000000000000e+00
    flow_bc_4_2_8  fcap_bc_4_2_8   1.000000000000e+00
    flow_bc_4_2_8  fkeep_bc_4_2  -1.000000000000e+00
    flow_bc_4_2_8  fkeep_bc_4_8   1.000000000000e+00
    flow_bc_4_2_9  fcap_bc_4_2_9   1.000000000000e+00
    flow_bc_4_2_9  fkeep_bc_4_2  -1.000000000000e+00
    flow_bc_4_2_9  fkeep_bc_4_9   1.000000000000e+00
    flow_bc_4_3_10  fcap_bc_4_3_10   1.000000000000e+00
    flow_bc_4_3_10  fkeep_bc_4_3  -1.000000000000e+00
    flow_bc_4_3_10  fkeep_bc_4_10   1.000000000000e+00
    flow_bc_4_3_2  fcap_bc_4_3_2   1.000000000000e+00
    flow_bc_4_3_2  fkeep_bc_4_2   1.000000000000e+00
    flow_bc_4_3_2  fkeep_bc_4_3  -1.000000000000e+00
    flow_bc_4_3_4  fcap_bc_4_3_4   1.000000000000e+00
    flow_bc_4_3_4  fkeep_bc_4_3  -1.000000000000e+00
    flow_bc_4_3_4  fsink_bc_4   1.000000000000e+00
    flow_bc_4_3_5  fcap_bc_4_3_5   1.000000000000e+00
    flow_bc_4_3_5  fkeep_bc_4_3  -1.000000000000e+00
    flow_bc_4_3_5  fkeep_bc_4_5   1.000000000000e+00
    flow_bc_4_3_7  fcap_bc_4_3_7   1.000000000000e+00
    flow_bc_4_3_7  fkeep_bc_4_3  -1.000000000000e+00
    flow_bc_4_3_7  fkeep_bc_4_7   1.000000000000e+00
    flow_bc_4_3_8  fcap_bc_4_3_8   1.000000000000e+00
    flow_bc_4_3_8  fkeep_bc_4_3  -1.000000000000e+00
    flow_bc_4_3_8  fkeep_bc_4_8   1.000000000000e+00
    flow_bc_4_3_9  fcap_bc_4_3_9   1.000000000000e+00
    flow_bc_4_3_9  fkeep_bc_4_3  -1.000000000000e+00
    flow_bc_4_3_9  fkeep_bc_4_9   1.000000000000e+00
    flow_bc_4_4_10  fcap_bc_4_4_10   1.000000000000e+00
    flow_bc_4_4_10  fsink_bc_4  -1.000000000000e+00
    flow_bc_4_4_10  fkeep_bc_4_10   1.000000000000e+00
    flow_bc_4_4_2  fcap_bc_4_4_2   1.000000000000e+00
    flow_bc_4_4_2  fkeep_bc_4_2   1.000000000000e+00
    flow_bc_4_4_2  fsink_bc_4  -1.000000000000e+00
    flow_bc_4_4_3  fcap_bc_4_4_3   1.000000000000e+00
    flow_bc_4_4_3  fkeep_bc_4_3   1.000000000000e+00
    flow_bc_4_4_3  fsink_bc_4  -1.000000000000e+00
    flow_bc_4_4_5  fcap_bc_4_4_5   1.000000000000e+00
    flow_bc_4_4_5  fsink_bc_4  -1.000000000000e+00
    flow_bc_4_4_5  fkeep_bc_4_5   1.000000000000e+00
    flow_bc_4_4_7  fcap_bc_4_4_7   1.000000000000e+00
    flow_bc_4_4_7  fsink_bc_4  -1.000000000000e+00
    flow_bc_4_4_7  fkeep_bc_4_7   1.000000000000e+00
    flow_bc_4_4_8  fcap_bc_4_4_8   1.000000000000e+00
    flow_bc_4_4_8  fsink_bc_4  -1.000000000000e+00
    flow_bc_4_4_8  fkeep_bc_4_8   1.000000000000e+00
    flow_bc_4_4_9  fcap_bc_4_4_9   1.000000000000e+00
    flow_bc_4_4_9  fsink_bc_4  -1.000000000000e+00
    flow_bc_4_4_9  fkeep_bc_4_9   1.000000000000e+00
    flow_bc_4_5_10  fcap_bc_4_5_10   1.000000000000e+00
    flow_bc_4_5_10  fkeep_bc_4_5  -1.000000000000e+00
    flow_bc_4_5_10  fkeep_bc_4_10   1.000000000000e+00
    flow_bc_4_5_2  fcap_bc_4_5_2   1.000000000000e+00
    flow_bc_4_5_2  fkeep_bc_4_2   1.000000000000e+00
    flow_bc_4_5_2  fkeep_bc_4_5  -1.000000000000e+00
    flow_bc_4_5_3  fcap_bc_4_5_3   1.000000000000e+00
    flow_bc_4_5_3  fkeep_bc_4_3   1.000000000000e+00
    flow_bc_4_5_3  fkeep_bc_4_5  -1.000000000000e+00
    flow_bc_4_5_4  fcap_bc_4_5_4   1.000000000000e+00
    flow_bc_4_5_4  fsink_bc_4   1.000000000000e+00
    flow_bc_4_5_4  fkeep_bc_4_5  -1.000000000000e+00
    flow_bc_4_5_7  fcap_bc_4_5_7   1.000000000000e+00
    flow_bc_4_5_7  fkeep_bc_4_5  -1.000000000000e+00
    flow_bc_4_5_7  fkeep_bc_4_7   1.000000000000e+00
    flow_bc_4_5_8  fcap_bc_4_5_8   1.000000000000e+00
    flow_bc_4_5_8  fkeep_bc_4_5  -1.000000000000e+00
    flow_bc_4_5_8  fkeep_bc_4_8   1.000000000000e+00
    flow_bc_4_5_9  fcap_bc_4_5_9   1.000000000000e+00
    flow_bc_4_5_9  fkeep_bc_4_5  -1.000000000000e+00
    flow_bc_4_5_9  fkeep_bc_4_9   1.000000000000e+00
    flow_bc_4_7_10  fcap_bc_4_7_10   1.000000000000e+00
    flow_bc_4_7_10  fkeep_bc_4_7  -1.000000000000e+00
    flow_bc_4_7_10  fkeep_bc_4_10   1.000000000000e+00
    flow_bc_4_7_2  fcap_bc_4_7_2   1.000000000000e+00
    flow_bc_4_7_2  fkeep_bc_4_2   1.000000000000e+00
    flow_bc_4_7_2  fkeep_bc_4_7  -1.000000000000e+00
    flow_bc_4_7_3  fcap_bc_4_7_3   1.000000000000e+00
    flow_bc_4_7_3  fkeep_bc_4_3   1.000000000000e+00
    flow_bc_4_7_3  fkeep_bc_4_7  -1.000000000000e+00
    flow_bc_4_7_4  fcap_bc_4_7_4   1.000000000000e+00
    flow_bc_4_7_4  fsink_bc_4   1.000000000000e+00
    flow_bc_4_7_4  fkeep_bc_4_7  -1.000000000000e+00
    flow_bc_4_7_5  fcap_bc_4_7_5   1.000000000000e+00
    flow_bc_4_7_5  fkeep_bc_4_5   1.000000000000e+00
    flow_bc_4_7_5  fkeep_bc_4_7  -1.000000000000e+00
    flow_bc_4_7_8  fcap_bc_4_7_8   1.000000000000e+00
    flow_bc_4_7_8  fkeep_bc_4_7  -1.000000000000e+00
    flow_bc_4_7_8  fkeep_bc_4_8   1.000000000000e+00
    flow_bc_4_7_9  fcap_bc_4_7_9   1.000000000000e+00
    flow_bc_4_7_9  fkeep_bc_4_7  -1.000000000000e+00
    flow_bc_4_7_9  fkeep_bc_4_9   1.000000000000e+00
    flow_bc_4_8_10  fcap_bc_4_8_10   1.000000000000e+00
    flow_bc_4_8_10  fkeep_bc_4_8  -1.000000000000e+00
    flow_bc_4_8_10  fkeep_bc_4_10   1.000000000000e+00
    flow_bc_4_8_2  fcap_bc_4_8_2   1.000000000000e+00
    flow_bc_4_8_2  fkeep_bc_4_2   1.000000000000e+00
    flow_bc_4_8_2  fkeep_bc_4_8  -1.000000000000e+00
    flow_bc_4_8_3  fcap_bc_4_8_3   1.000000000000e+00
    flow_bc_4_8_3  fkeep_bc_4_3   1.000000000000e+00
    flow_bc_4_8_3  fkeep_bc_4_8  -1.000000000000e+00
    flow_bc_4_8_4  fcap_bc_4_8_4   1.000000000000e+00
    flow_bc_4_8_4  fsink_bc_4   1.000000000000e+00
    flow_bc_4_8_4  fkeep_bc_4_8  -1.000000000000e+00
    flow_bc_4_8_5  fcap_bc_4_8_5   1.000000000000e+00
    flow_bc_4_8_5  fkeep_bc_4_5   1.000000000000e+00
    flow_bc_4_8_5  fkeep_bc_4_8  -1.000000000000e+00
    flow_bc_4_8_7  fcap_bc_4_8_7   1.000000000000e+00
    flow_bc_4_8_7  fkeep_bc_4_7   1.000000000000e+00
    flow_bc_4_8_7  fkeep_bc_4_8  -1.000000000000e+00
    flow_bc_4_8_9  fcap_bc_4_8_9   1.000000000000e+00
    flow_bc_4_8_9  fkeep_bc_4_8  -1.000000000000e+00
    flow_bc_4_8_9  fkeep_bc_4_9   1.000000000000e+00
    flow_bc_4_9_10  fcap_bc_4_9_10   1.000000000000e+00
    flow_bc_4_9_10  fkeep_bc_4_9  -1.000000000000e+00
    flow_bc_4_9_10  fkeep_bc_4_10   1.000000000000e+00
    flow_bc_4_9_2  fcap_bc_4_9_2   1.000000000000e+00
    flow_bc_4_9_2  fkeep_bc_4_2   1.000000000000e+00
    flow_bc_4_9_2  fkeep_bc_4_9  -1.000000000000e+00
    flow_bc_4_9_3  fcap_bc_4_9_3   1.000000000000e+00
    flow_bc_4_9_3  fkeep_bc_4_3   1.000000000000e+00
    flow_bc_4_9_3  fkeep_bc_4_9  -1.000000000000e+00
    flow_bc_4_9_4  fcap_bc_4_9_4   1.000000000000e+00
    flow_bc_4_9_4  fsink_bc_4   1.000000000000e+00
    flow_bc_4_9_4  fkeep_bc_4_9  -1.000000000000e+00
    flow_bc_4_9_5  fcap_bc_4_9_5   1.000000000000e+00
    flow_bc_4_9_5  fkeep_bc_4_5   1.000000000000e+00
    flow_bc_4_9_5  fkeep_bc_4_9  -1.000000000000e+00
    flow_bc_4_9_7  fcap_bc_4_9_7   1.000000000000e+00
    flow_bc_4_9_7  fkeep_bc_4_7   1.000000000000e+00
    flow_bc_4_9_7  fkeep_bc_4_9  -1.000000000000e+00
    flow_bc_4_9_8  fcap_bc_4_9_8   1.000000000000e+00
    flow_bc_4_9_8  fkeep_bc_4_8   1.000000000000e+00
    flow_bc_4_9_8  fkeep_bc_4_9  -1.000000000000e+00
    flow_bc_5_10_2  fcap_bc_5_10_2   1.000000000000e+00
    flow_bc_5_10_2  fkeep_bc_5_2   1.000000000000e+00
    flow_bc_5_10_2  fkeep_bc_5_10  -1.000000000000e+00
    flow_bc_5_10_3  fcap_bc_5_10_3   1.000000000000e+00
    flow_bc_5_10_3  fkeep_bc_5_3   1.000000000000e+00
    flow_bc_5_10_3  fkeep_bc_5_10  -1.000000000000e+00
    flow_bc_5_10_4  fcap_bc_5_10_4   1.000000000000e+00
    flow_bc_5_10_4  fkeep_bc_5_4   1.000000000000e+00
    flow_bc_5_10_4  fkeep_bc_5_10  -1.000000000000e+00
    flow_bc_5_10_5  fcap_bc_5_10_5   1.000000000000e+00
    flow_bc_5_10_5  fsink_bc_5   1.000000000000e+00
    flow_bc_5_10_5  fkeep_bc_5_10  -1.000000000000e+00
    flow_bc_5_10_7  fcap_bc_5_10_7   1.000000000000e+00
    flow_bc_5_10_7  fkeep_bc_5_7   1.000000000000e+00
    flow_bc_5_10_7  fkeep_bc_5_10  -1.000000000000e+00
    flow_bc_5_10_8  fcap_bc_5_10_8   1.000000000000e+00
    flow_bc_5_10_8  fkeep_bc_5_8   1.000000000000e+00
    flow_bc_5_10_8  fkeep_bc_5_10  -1.000000000000e+00
    flow_bc_5_10_9  fcap_bc_5_10_9   1.000000000000e+00
    flow_bc_5_10_9  fkeep_bc_5_9   1.000000000000e+00
    flow_bc_5_10_9  fkeep_bc_5_10  -1.000000000000e+00
    flow_bc_5_2_10  fcap_bc_5_2_10   1.000000000000e+00
    flow_bc_5_2_10  fkeep_bc_5_2  -1.000000000000e+00
    flow_bc_5_2_10  fkeep_bc_5_10   1.000000000000e+00
    flow_bc_5_2_3  fcap_bc_5_2_3   1.000000000000e+00
    flow_bc_5_2_3  fkeep_bc_5_2  -1.000000000000e+00
    flow_bc_5_2_3  fkeep_bc_5_3   1.000000000000e+00
    flow_bc_5_2_4  fcap_bc_5_2_4   1.000000000000e+00
    flow_bc_5_2_4  fkeep_bc_5_2  -1.000000000000e+00
    flow_bc_5_2_4  fkeep_bc_5_4   1.000000000000e+00
    flow_bc_5_2_5  fcap_bc_5_2_5   1.000000000000e+00
    flow_bc_5_2_5  fkeep_bc_5_2  -1.000000000000e+00
    flow_bc_5_2_5  fsink_bc_5   1.000000000000e+00
    flow_bc_5_2_7  fcap_bc_5_2_7   1.000000000000e+00
    flow_bc_5_2_7  fkeep_bc_5_2  -1.000000000000e+00
    flow_bc_5_2_7  fkeep_bc_5_7   1.000000000000e+00
    flow_bc_5_2_8  fcap_bc_5_2_8   1.000000000000e+00
    flow_bc_5_2_8  fkeep_bc_5_2  -1.000000000000e+00
    flow_bc_5_2_8  fkeep_bc_5_8   1.000000000000e+00
    flow_bc_5_2_9  fcap_bc_5_2_9   1.000000000000e+00
    flow_bc_5_2_9  fkeep_bc_5_2  -1.000000000000e+00
    flow_bc_5_2_9  fkeep_bc_5_9   1.000000000000e+00
    flow_bc_5_3_10  fcap_bc_5_3_10   1.000000000000e+00
    flow_bc_5_3_10  fkeep_bc_5_3  -1.000000000000e+00
    flow_bc_5_3_10  fkeep_bc_5_10   1.000000000000e+00
    flow_bc_5_3_2  fcap_bc_5_3_2   1.000000000000e+00
    flow_bc_5_3_2  fkeep_bc_5_2   1.000000000000e+00
    flow_bc_5_3_2  fkeep_bc_5_3  -1.000000000000e+00
    flow_bc_5_3_4  fcap_bc_5_3_4   1.000000000000e+00
    flow_bc_5_3_4  fkeep_bc_5_3  -1.000000000000e+00
    flow_bc_5_3_4  fkeep_bc_5_4   1.000000000000e+00
    flow_bc_5_3_5  fcap_bc_5_3_5   1.000000000000e+00
    flow_bc_5_3_5  fkeep_bc_5_3  -1.000000000000e+00
    flow_bc_5_3_5  fsink_bc_5   1.000000000000e+00
    flow_bc_5_3_7  fcap_bc_5_3_7   1.000000000000e+00
    flow_bc_5_3_7  fkeep_bc_5_3  -1.000000000000e+00
    flow_bc_5_3_7  fkeep_bc_5_7   1.000000000000e+00
    flow_bc_5_3_8  fcap_bc_5_3_8   1.000000000000e+00
    flow_bc_5_3_8  fkeep_bc_5_3  -1.000000000000e+00
    flow_bc_5_3_8  fkeep_bc_5_8   1.000000000000e+00
    flow_bc_5_3_9  fcap_bc_5_3_9   1.000000000000e+00
    flow_bc_5_3_9  fkeep_bc_5_3  -1.000000000000e+00
    flow_bc_5_3_9  fkeep_bc_5_9   1.000000000000e+00
    flow_bc_5_4_10  fcap_bc_5_4_10   1.000000000000e+00
    flow_bc_5_4_10  fkeep_bc_5_4  -1.000000000000e+00
    flow_bc_5_4_10  fkeep_bc_5_10   1.000000000000e+00
    flow_bc_5_4_2  fcap_bc_5_4_2   1.000000000000e+00
    flow_bc_5_4_2  fkeep_bc_5_2   1.000000000000e+00
    flow_bc_5_4_2  fkeep_bc_5_4  -1.000000000000e+00
    flow_bc_5_4_3  fcap_bc_5_4_3   1.000000000000e+00
    flow_bc_5_4_3  fkeep_bc_5_3   1.000000000000e+00
    flow_bc_5_4_3  fkeep_bc_5_4  -1.000000000000e+00
    flow_bc_5_4_5  fcap_bc_5_4_5   1.000000000000e+00
    flow_bc_5_4_5  fkeep_bc_5_4  -1.000000000000e+00
    flow_bc_5_4_5  fsink_bc_5   1.000000000000e+00
    flow_bc_5_4_7  fcap_bc_5_4_7   1.000000000000e+00
    flow_bc_5_4_7  fkeep_bc_5_4  -1.000000000000e+00
    flow_bc_5_4_7  fkeep_bc_5_7   1.000000000000e+00
    flow_bc_5_4_8  fcap_bc_5_4_8   1.000000000000e+00
    flow_bc_5_4_8  fkeep_bc_5_4  -1.000000000000e+00
    flow_bc_5_4_8  fkeep_bc_5_8   1.000000000000e+00
    flow_bc_5_4_9  fcap_bc_5_4_9   1.000000000000e+00
    flow_bc_5_4_9  fkeep_bc_5_4  -1.000000000000e+00
    flow_bc_5_4_9  fkeep_bc_5_9   1.000000000000e+00
    flow_bc_5_5_10  fcap_bc_5_5_10   1.000000000000e+00
    flow_bc_5_5_10  fsink_bc_5  -1.000000000000e+00
    flow_bc_5_5_10  fkeep_bc_5_10   1.000000000000e+00
    flow_bc_5_5_2  fcap_bc_5_5_2   1.000000000000e+00
    flow_bc_5_5_2  fkeep_bc_5_2   1.000000000000e+00
    flow_bc_5_5_2  fsink_bc_5  -1.000000000000e+00
    flow_bc_5_5_3  fcap_bc_5_5_3   1.000000000000e+00
    flow_bc_5_5_3  fkeep_bc_5_3   1.000000000000e+00
    flow_bc_5_5_3  fsink_bc_5  -1.000000000000e+00
    flow_bc_5_5_4  fcap_bc_5_5_4   1.000000000000e+00
    flow_bc_5_5_4  fkeep_bc_5_4   1.000000000000e+00
    flow_bc_5_5_4  fsink_bc_5  -1.000000000000e+00
    flow_bc_5_5_7  fcap_bc_5_5_7   1.000000000000e+00
    flow_bc_5_5_7  fsink_bc_5  -1.000000000000e+00
    flow_bc_5_5_7  fkeep_bc_5_7   1.000000000000e+00
    flow_bc_5_5_8  fcap_bc_5_5_8   1.000000000000e+00
    flow_bc_5_5_8  fsink_bc_5  -1.000000000000e+00
    flow_bc_5_5_8  fkeep_bc_5_8   1.000000000000e+00
    flow_bc_5_5_9  fcap_bc_5_5_9   1.000000000000e+00
    flow_bc_5_5_9  fsink_bc_5  -1.000000000000e+00
    flow_bc_5_5_9  fkeep_bc_5_9   1.000000000000e+00
    flow_bc_5_7_10  fcap_bc_5_7_10   1.000000000000e+00
    flow_bc_5_7_10  fkeep_bc_5_7  -1.000000000000e+00
    flow_bc_5_7_10  fkeep_bc_5_10   1.000000000000e+00
    flow_bc_5_7_2  fcap_bc_5_7_2   1.000000000000e+00
    flow_bc_5_7_2  fkeep_bc_5_2   1.000000000000e+00
    flow_bc_5_7_2  fkeep_bc_5_7  -1.000000000000e+00
    flow_bc_5_7_3  fcap_bc_5_7_3   1.000000000000e+00
    flow_bc_5_7_3  fkeep_bc_5_3   1.000000000000e+00
    flow_bc_5_7_3  fkeep_bc_5_7  -1.000000000000e+00
    flow_bc_5_7_4  fcap_bc_5_7_4   1.000000000000e+00
    flow_bc_5_7_4  fkeep_bc_5_4   1.000000000000e+00
    flow_bc_5_7_4  fkeep_bc_5_7  -1.000000000000e+00
    flow_bc_5_7_5  fcap_bc_5_7_5   1.000000000000e+00
    flow_bc_5_7_5  fsink_bc_5   1.000000000000e+00
    flow_bc_5_7_5  fkeep_bc_5_7  -1.000000000000e+00
    flow_bc_5_7_8  fcap_bc_5_7_8   1.000000000000e+00
    flow_bc_5_7_8  fkeep_bc_5_7  -1.000000000000e+00
    flow_bc_5_7_8  fkeep_bc_5_8   1.000000000000e+00
    flow_bc_5_7_9  fcap_bc_5_7_9   1.000000000000e+00
    flow_bc_5_7_9  fkeep_bc_5_7  -1.000000000000e+00
    flow_bc_5_7_9  fkeep_bc_5_9   1.000000000000e+00
    flow_bc_5_8_10  fcap_bc_5_8_10   1.000000000000e+00
    flow_bc_5_8_10  fkeep_bc_5_8  -1.000000000000e+00
    flow_bc_5_8_10  fkeep_bc_5_10   1.000000000000e+00
    flow_bc_5_8_2  fcap_bc_5_8_2   1.000000000000e+00
    flow_bc_5_8_2  fkeep_bc_5_2   1.000000000000e+00
    flow_bc_5_8_2  fkeep_bc_5_8  -1.000000000000e+00
    flow_bc_5_8_3  fcap_bc_5_8_3   1.000000000000e+00
    flow_bc_5_8_3  fkeep_bc_5_3   1.000000000000e+00
    flow_bc_5_8_3  fkeep_bc_5_8  -1.000000000000e+00
    flow_bc_5_8_4  fcap_bc_5_8_4   1.000000000000e+00
    flow_bc_5_8_4  fkeep_bc_5_4   1.000000000000e+00
    flow_bc_5_8_4  fkeep_bc_5_8  -1.000000000000e+00
    flow_bc_5_8_5  fcap_bc_5_8_5   1.000000000000e+00
    flow_bc_5_8_5  fsink_bc_5   1.000000000000e+00
    flow_bc_5_8_5  fkeep_bc_5_8  -1.000000000000e+00
    flow_bc_5_8_7  fcap_bc_5_8_7   1.000000000000e+00
    flow_bc_5_8_7  fkeep_bc_5_7   1.000000000000e+00
    flow_bc_5_8_7  fkeep_bc_5_8  -1.000000000000e+00
    flow_bc_5_8_9  fcap_bc_5_8_9   1.000000000000e+00
    flow_bc_5_8_9  fkeep_bc_5_8  -1.000000000000e+00
    flow_bc_5_8_9  fkeep_bc_5_9   1.000000000000e+00
    flow_bc_5_9_10  fcap_bc_5_9_10   1.000000000000e+00
    flow_bc_5_9_10  fkeep_bc_5_9  -1.000000000000e+00
    flow_bc_5_9_10  fkeep_bc_5_10   1.000000000000e+00
    flow_bc_5_9_2  fcap_bc_5_9_2   1.000000000000e+00
    flow_bc_5_9_2  fkeep_bc_5_2   1.000000000000e+00
    flow_bc_5_9_2  fkeep_bc_5_9  -1.000000000000e+00
    flow_bc_5_9_3  fcap_bc_5_9_3   1.000000000000e+00
    flow_bc_5_9_3  fkeep_bc_5_3   1.000000000000e+00
    flow_bc_5_9_3  fkeep_bc_5_9  -1.000000000000e+00
    flow_bc_5_9_4  fcap_bc_5_9_4   1.000000000000e+00
    flow_bc_5_9_4  fkeep_bc_5_4   1.000000000000e+00
    flow_bc_5_9_4  fkeep_bc_5_9  -1.000000000000e+00
    flow_bc_5_9_5  fcap_bc_5_9_5   1.000000000000e+00
    flow_bc_5_9_5  fsink_bc_5   1.000000000000e+00
    flow_bc_5_9_5  fkeep_bc_5_9  -1.000000000000e+00
    flow_bc_5_9_7  fcap_bc_5_9_7   1.000000000000e+00
    flow_bc_5_9_7  fkeep_bc_5_7   1.000000000000e+00
    flow_bc_5_9_7  fkeep_bc_5_9  -1.000000000000e+00
    flow_bc_5_9_8  fcap_bc_5_9_8   1.000000000000e+00
    flow_bc_5_9_8  fkeep_bc_5_8   1.000000000000e+00
    flow_bc_5_9_8  fkeep_bc_5_9  -1.000000000000e+00
    flow_bc_7_10_2  fcap_bc_7_10_2   1.000000000000e+00
    flow_bc_7_10_2  fkeep_bc_7_2   1.000000000000e+00
    flow_bc_7_10_2  fkeep_bc_7_10  -1.000000000000e+00
    flow_bc_7_10_3  fcap_bc_7_10_3   1.000000000000e+00
    flow_bc_7_10_3  fkeep_bc_7_3   1.000000000000e+00
    flow_bc_7_10_3  fkeep_bc_7_10  -1.000000000000e+00
    flow_bc_7_10_4  fcap_bc_7_10_4   1.000000000000e+00
    flow_bc_7_10_4  fkeep_bc_7_4   1.000000000000e+00
    flow_bc_7_10_4  fkeep_bc_7_10  -1.000000000000e+00
    flow_bc_7_10_5  fcap_bc_7_10_5   1.000000000000e+00
    flow_bc_7_10_5  fkeep_bc_7_5   1.000000000000e+00
    flow_bc_7_10_5  fkeep_bc_7_10  -1.000000000000e+00
    flow_bc_7_10_7  fcap_bc_7_10_7   1.000000000000e+00
    flow_bc_7_10_7  fsink_bc_7   1.000000000000e+00
    flow_bc_7_10_7  fkeep_bc_7_10  -1.000000000000e+00
    flow_bc_7_10_8  fcap_bc_7_10_8   1.000000000000e+00
    flow_bc_7_10_8  fkeep_bc_7_8   1.000000000000e+00
    flow_bc_7_10_8  fkeep_bc_7_10  -1.000000000000e+00
    flow_bc_7_10_9  fcap_bc_7_10_9   1.000000000000e+00
    flow_bc_7_10_9  fkeep_bc_7_9   1.000000000000e+00
    flow_bc_7_10_9  fkeep_bc_7_10  -1.000000000000e+00
    flow_bc_7_2_10  fcap_bc_7_2_10   1.000000000000e+00
    flow_bc_7_2_10  fkeep_bc_7_2  -1.000000000000e+00
    flow_bc_7_2_10  fkeep_bc_7_10   1.000000000000e+00
    flow_bc_7_2_3  fcap_bc_7_2_3   1.000000000000e+00
    flow_bc_7_2_3  fkeep_bc_7_2  -1.000000000000e+00
    flow_bc_7_2_3  fkeep_bc_7_3   1.000000000000e+00
    flow_bc_7_2_4  fcap_bc_7_2_4   1.000000000000e+00
    flow_bc_7_2_4  fkeep_bc_7_2  -1.000000000000e+00
    flow_bc_7_2_4  fkeep_bc_7_4   1.000000000000e+00
    flow_bc_7_2_5  fcap_bc_7_2_5   1.000000000000e+00
    flow_bc_7_2_5  fkeep_bc_7_2  -1.000000000000e+00
    flow_bc_7_2_5  fkeep_bc_7_5   1.000000000000e+00
    flow_bc_7_2_7  fcap_bc_7_2_7   1.000000000000e+00
    flow_bc_7_2_7  fkeep_bc_7_2  -1.000000000000e+00
    flow_bc_7_2_7  fsink_bc_7   1.000000000000e+00
    flow_bc_7_2_8  fcap_bc_7_2_8   1.000000000000e+00
    flow_bc_7_2_8  fkeep_bc_7_2  -1.000000000000e+00
    flow_bc_7_2_8  fkeep_bc_7_8   1.000000000000e+00
    flow_bc_7_2_9  fcap_bc_7_2_9   1.000000000000e+00
    flow_bc_7_2_9  fkeep_bc_7_2  -1.000000000000e+00
    flow_bc_7_2_9  fkeep_bc_7_9   1.000000000000e+00
    flow_bc_7_3_10  fcap_bc_7_3_10   1.000000000000e+00
    flow_bc_7_3_10  fkeep_bc_7_3  -1.000000000000e+00
    flow_bc_7_3_10  fkeep_bc_7_10   1.000000000000e+00
    flow_bc_7_3_2  fcap_bc_7_3_2   1.000000000000e+00
    flow_bc_7_3_2  fkeep_bc_7_2   1.000000000000e+00
    flow_bc_7_3_2  fkeep_bc_7_3  -1.000000000000e+00
    flow_bc_7_3_4  fcap_bc_7_3_4   1.000000000000e+00
    flow_bc_7_3_4  fkeep_bc_7_3  -1.000000000000e+00
    flow_bc_7_3_4  fkeep_bc_7_4   1.000000000000e+00
    flow_bc_7_3_5  fcap_bc_7_3_5   1.000000000000e+00
    flow_bc_7_3_5  fkeep_bc_7_3  -1.000000000000e+00
    flow_bc_7_3_5  fkeep_bc_7_5   1.000000000000e+00
    flow_bc_7_3_7  fcap_bc_7_3_7   1.000000000000e+00
    flow_bc_7_3_7  fkeep_bc_7_3  -1.000000000000e+00
    flow_bc_7_3_7  fsink_bc_7   1.000000000000e+00
    flow_bc_7_3_8  fcap_bc_7_3_8   1.000000000000e+00
    flow_bc_7_3_8  fkeep_bc_7_3  -1.000000000000e+00
    flow_bc_7_3_8  fkeep_bc_7_8   1.000000000000e+00
    flow_bc_7_3_9  fcap_bc_7_3_9   1.000000000000e+00
    flow_bc_7_3_9  fkeep_bc_7_3  -1.000000000000e+00
    flow_bc_7_3_9  fkeep_bc_7_9   1.000000000000e+00
    flow_bc_7_4_10  fcap_bc_7_4_10   1.000000000000e+00
    flow_bc_7_4_10  fkeep_bc_7_4  -1.000000000000e+00
    flow_bc_7_4_10  fkeep_bc_7_10   1.000000000000e+00
    flow_bc_7_4_2  fcap_bc_7_4_2   1.000000000000e+00
    flow_bc_7_4_2  fkeep_bc_7_2   1.000000000000e+00
    flow_bc_7_4_2  fkeep_bc_7_4  -1.000000000000e+00
    flow_bc_7_4_3  fcap_bc_7_4_3   1.000000000000e+00
    flow_bc_7_4_3  fkeep_bc_7_3   1.000000000000e+00
    flow_bc_7_4_3  fkeep_bc_7_4  -1.000000000000e+00
    flow_bc_7_4_5  fcap_bc_7_4_5   1.000000000000e+00
    flow_bc_7_4_5  fkeep_bc_7_4  -1.000000000000e+00
    flow_bc_7_4_5  fkeep_bc_7_5   1.000000000000e+00
    flow_bc_7_4_7  fcap_bc_7_4_7   1.000000000000e+00
    flow_bc_7_4_7  fkeep_bc_7_4  -1.000000000000e+00
    flow_bc_7_4_7  fsink_bc_7   1.000000000000e+00
    flow_bc_7_4_8  fcap_bc_7_4_8   1.000000000000e+00
    flow_bc_7_4_8  fkeep_bc_7_4  -1.000000000000e+00
    flow_bc_7_4_8  fkeep_bc_7_8   1.000000000000e+00
    flow_bc_7_4_9  fcap_bc_7_4_9   1.000000000000e+00
    flow_bc_7_4_9  fkeep_bc_7_4  -1.000000000000e+00
    flow_bc_7_4_9  fkeep_bc_7_9   1.000000000000e+00
    flow_bc_7_5_10  fcap_bc_7_5_10   1.000000000000e+00
    flow_bc_7_5_10  fkeep_bc_7_5  -1.000000000000e+00
    flow_bc_7_5_10  fkeep_bc_7_10   1.000000000000e+00
    flow_bc_7_5_2  fcap_bc_7_5_2   1.000000000000e+00
    flow_bc_7_5_2  fkeep_bc_7_2   1.000000000000e+00
    flow_bc_7_5_2  fkeep_bc_7_5  -1.000000000000e+00
    flow_bc_7_5_3  fcap_bc_7_5_3   1.000000000000e+00
    flow_bc_7_5_3  fkeep_bc_7_3   1.000000000000e+00
    flow_bc_7_5_3  fkeep_bc_7_5  -1.000000000000e+00
    flow_bc_7_5_4  fcap_bc_7_5_4   1.000000000000e+00
    flow_bc_7_5_4  fkeep_bc_7_4   1.000000000000e+00
    flow_bc_7_5_4  fkeep_bc_7_5  -1.000000000000e+00
    flow_bc_7_5_7  fcap_bc_7_5_7   1.000000000000e+00
    flow_bc_7_5_7  fkeep_bc_7_5  -1.000000000000e+00
    flow_bc_7_5_7  fsink_bc_7   1.000000000000e+00
    flow_bc_7_5_8  fcap_bc_7_5_8   1.000000000000e+00
    flow_bc_7_5_8  fkeep_bc_7_5  -1.000000000000e+00
    flow_bc_7_5_8  fkeep_bc_7_8   1.000000000000e+00
    flow_bc_7_5_9  fcap_bc_7_5_9   1.000000000000e+00
    flow_bc_7_5_9  fkeep_bc_7_5  -1.000000000000e+00
    flow_bc_7_5_9  fkeep_bc_7_9   1.000000000000e+00
    flow_bc_7_7_10  fcap_bc_7_7_10   1.000000000000e+00
    flow_bc_7_7_10  fsink_bc_7  -1.000000000000e+00
    flow_bc_7_7_10  fkeep_bc_7_10   1.000000000000e+00
    flow_bc_7_7_2  fcap_bc_7_7_2   1.000000000000e+00
    flow_bc_7_7_2  fkeep_bc_7_2   1.000000000000e+00
    flow_bc_7_7_2  fsink_bc_7  -1.000000000000e+00
    flow_bc_7_7_3  fcap_bc_7_7_3   1.000000000000e+00
    flow_bc_7_7_3  fkeep_bc_7_3   1.000000000000e+00
    flow_bc_7_7_3  fsink_bc_7  -1.000000000000e+00
    flow_bc_7_7_4  fcap_bc_7_7_4   1.000000000000e+00
    flow_bc_7_7_4  fkeep_bc_7_4   1.000000000000e+00
    flow_bc_7_7_4  fsink_bc_7  -1.000000000000e+00
    flow_bc_7_7_5  fcap_bc_7_7_5   1.000000000000e+00
    flow_bc_7_7_5  fkeep_bc_7_5   1.000000000000e+00
    flow_bc_7_7_5  fsink_bc_7  -1.000000000000e+00
    flow_bc_7_7_8  fcap_bc_7_7_8   1.000000000000e+00
    flow_bc_7_7_8  fsink_bc_7  -1.000000000000e+00
    flow_bc_7_7_8  fkeep_bc_7_8   1.000000000000e+00
    flow_bc_7_7_9  fcap_bc_7_7_9   1.000000000000e+00
    flow_bc_7_7_9  fsink_bc_7  -1.000000000000e+00
    flow_bc_7_7_9  fkeep_bc_7_9   1.000000000000e+00
    flow_bc_7_8_10  fcap_bc_7_8_10   1.000000000000e+00
    flow_bc_7_8_10  fkeep_bc_7_8  -1.000000000000e+00
    flow_bc_7_8_10  fkeep_bc_7_10   1.000000000000e+00
    flow_bc_7_8_2  fcap_bc_7_8_2   1.000000000000e+00
    flow_bc_7_8_2  fkeep_bc_7_2   1.000000000000e+00
    flow_bc_7_8_2  fkeep_bc_7_8  -1.000000000000e+00
    flow_bc_7_8_3  fcap_bc_7_8_3   1.000000000000e+00
    flow_bc_7_8_3  fkeep_bc_7_3   1.000000000000e+00
    flow_bc_7_8_3  fkeep_bc_7_8  -1.000000000000e+00
    flow_bc_7_8_4  fcap_bc_7_8_4   1.000000000000e+00
    flow_bc_7_8_4  fkeep_bc_7_4   1.000000000000e+00
    flow_bc_7_8_4  fkeep_bc_7_8  -1.000000000000e+00
    flow_bc_7_8_5  fcap_bc_7_8_5   1.000000000000e+00
    flow_bc_7_8_5  fkeep_bc_7_5   1.000000000000e+00
    flow_bc_7_8_5  fkeep_bc_7_8  -1.000000000000e+00
    flow_bc_7_8_7  fcap_bc_7_8_7   1.000000000000e+00
    flow_bc_7_8_7  fsink_bc_7   1.000000000000e+00
    flow_bc_7_8_7  fkeep_bc_7_8  -1.000000000000e+00
    flow_bc_7_8_9  fcap_bc_7_8_9   1.000000000000e+00
    flow_bc_7_8_9  fkeep_bc_7_8  -1.000000000000e+00
    flow_bc_7_8_9  fkeep_bc_7_9   1.000000000000e+00
    flow_bc_7_9_10  fcap_bc_7_9_10   1.000000000000e+00
    flow_bc_7_9_10  fkeep_bc_7_9  -1.000000000000e+00
    flow_bc_7_9_10  fkeep_bc_7_10   1.000000000000e+00
    flow_bc_7_9_2  fcap_bc_7_9_2   1.000000000000e+00
    flow_bc_7_9_2  fkeep_bc_7_2   1.000000000000e+00
    flow_bc_7_9_2  fkeep_bc_7_9  -1.000000000000e+00
    flow_bc_7_9_3  fcap_bc_7_9_3   1.000000000000e+00
    flow_bc_7_9_3  fkeep_bc_7_3   1.000000000000e+00
    flow_bc_7_9_3  fkeep_bc_7_9  -1.000000000000e+00
    flow_bc_7_9_4  fcap_bc_7_9_4   1.000000000000e+00
    flow_bc_7_9_4  fkeep_bc_7_4   1.000000000000e+00
    flow_bc_7_9_4  fkeep_bc_7_9  -1.000000000000e+00
    flow_bc_7_9_5  fcap_bc_7_9_5   1.000000000000e+00
    flow_bc_7_9_5  fkeep_bc_7_5   1.000000000000e+00
    flow_bc_7_9_5  fkeep_bc_7_9  -1.000000000000e+00
    flow_bc_7_9_7  fcap_bc_7_9_7   1.000000000000e+00
    flow_bc_7_9_7  fsink_bc_7   1.000000000000e+00
    flow_bc_7_9_7  fkeep_bc_7_9  -1.000000000000e+00
    flow_bc_7_9_8  fcap_bc_7_9_8   1.000000000000e+00
    flow_bc_7_9_8  fkeep_bc_7_8   1.000000000000e+00
    flow_bc_7_9_8  fkeep_bc_7_9  -1.000000000000e+00
    flow_bc_8_10_2  fcap_bc_8_10_2   1.000000000000e+00
    flow_bc_8_10_2  fkeep_bc_8_2   1.000000000000e+00
    flow_bc_8_10_2  fkeep_bc_8_10  -1.000000000000e+00
    flow_bc_8_10_3  fcap_bc_8_10_3   1.000000000000e+00
    flow_bc_8_10_3  fkeep_bc_8_3   1.000000000000e+00
    flow_bc_8_10_3  fkeep_bc_8_10  -1.000000000000e+00
    flow_bc_8_10_4  fcap_bc_8_10_4   1.000000000000e+00
    flow_bc_8_10_4  fkeep_bc_8_4   1.000000000000e+00
    flow_bc_8_10_4  fkeep_bc_8_10  -1.000000000000e+00
    flow_bc_8_10_5  fcap_bc_8_10_5   1.000000000000e+00
    flow_bc_8_10_5  fkeep_bc_8_5   1.000000000000e+00
    flow_bc_8_10_5  fkeep_bc_8_10  -1.000000000000e+00
    flow_bc_8_10_7  fcap_bc_8_10_7   1.000000000000e+00
    flow_bc_8_10_7  fkeep_bc_8_7   1.000000000000e+00
    flow_bc_8_10_7  fkeep_bc_8_10  -1.000000000000e+00
    flow_bc_8_10_8  fcap_bc_8_10_8   1.000000000000e+00
    flow_bc_8_10_8  fsink_bc_8   1.000000000000e+00
    flow_bc_8_10_8  fkeep_bc_8_10  -1.000000000000e+00
    flow_bc_8_10_9  fcap_bc_8_10_9   1.000000000000e+00
    flow_bc_8_10_9  fkeep_bc_8_9   1.000000000000e+00
    flow_bc_8_10_9  fkeep_bc_8_10  -1.000000000000e+00
    flow_bc_8_2_10  fcap_bc_8_2_10   1.000000000000e+00
    flow_bc_8_2_10  fkeep_bc_8_2  -1.000000000000e+00
    flow_bc_8_2_10  fkeep_bc_8_10   1.000000000000e+00
    flow_bc_8_2_3  fcap_bc_8_2_3   1.000000000000e+00
    flow_bc_8_2_3  fkeep_bc_8_2  -1.000000000000e+00
    flow_bc_8_2_3  fkeep_bc_8_3   1.000000000000e+00
    flow_bc_8_2_4  fcap_bc_8_2_4   1.000000000000e+00
    flow_bc_8_2_4  fkeep_bc_8_2  -1.000000000000e+00
    flow_bc_8_2_4  fkeep_bc_8_4   1.000000000000e+00
    flow_bc_8_2_5  fcap_bc_8_2_5   1.000000000000e+00
    flow_bc_8_2_5  fkeep_bc_8_2  -1.000000000000e+00
    flow_bc_8_2_5  fkeep_bc_8_5   1.000000000000e+00
    flow_bc_8_2_7  fcap_bc_8_2_7   1.000000000000e+00
    flow_bc_8_2_7  fkeep_bc_8_2  -1.000000000000e+00
    flow_bc_8_2_7  fkeep_bc_8_7   1.000000000000e+00
    flow_bc_8_2_8  fcap_bc_8_2_8   1.000000000000e+00
    flow_bc_8_2_8  fkeep_bc_8_2  -1.000000000000e+00
    flow_bc_8_2_8  fsink_bc_8   1.000000000000e+00
    flow_bc_8_2_9  fcap_bc_8_2_9   1.000000000000e+00
    flow_bc_8_2_9  fkeep_bc_8_2  -1.000000000000e+00
    flow_bc_8_2_9  fkeep_bc_8_9   1.000000000000e+00
    flow_bc_8_3_10  fcap_bc_8_3_10   1.000000000000e+00
    flow_bc_8_3_10  fkeep_bc_8_3  -1.000000000000e+00
    flow_bc_8_3_10  fkeep_bc_8_10   1.000000000000e+00
    flow_bc_8_3_2  fcap_bc_8_3_2   1.000000000000e+00
    flow_bc_8_3_2  fkeep_bc_8_2   1.000000000000e+00
    flow_bc_8_3_2  fkeep_bc_8_3  -1.000000000000e+00
    flow_bc_8_3_4  fcap_bc_8_3_4   1.000000000000e+00
    flow_bc_8_3_4  fkeep_bc_8_3  -1.000000000000e+00
    flow_bc_8_3_4  fkeep_bc_8_4   1.000000000000e+00
    flow_bc_8_3_5  fcap_bc_8_3_5   1.000000000000e+00
    flow_bc_8_3_5  fkeep_bc_8_3  -1.000000000000e+00
    flow_bc_8_3_5  fkeep_bc_8_5   1.000000000000e+00
    flow_bc_8_3_7  fcap_bc_8_3_7   1.000000000000e+00
    flow_bc_8_3_7  fkeep_bc_8_3  -1.000000000000e+00
    flow_bc_8_3_7  fkeep_bc_8_7   1.000000000000e+00
    flow_bc_8_3_8  fcap_bc_8_3_8   1.000000000000e+00
    flow_bc_8_3_8  fkeep_bc_8_3  -1.000000000000e+00
    flow_bc_8_3_8  fsink_bc_8   1.000000000000e+00
    flow_bc_8_3_9  fcap_bc_8_3_9   1.000000000000e+00
    flow_bc_8_3_9  fkeep_bc_8_3  -1.000000000000e+00
    flow_bc_8_3_9  fkeep_bc_8_9   1.000000000000e+00
    flow_bc_8_4_10  fcap_bc_8_4_10   1.000000000000e+00
    flow_bc_8_4_10  fkeep_bc_8_4  -1.000000000000e+00
    flow_bc_8_4_10  fkeep_bc_8_10   1.000000000000e+00
    flow_bc_8_4_2  fcap_bc_8_4_2   1.000000000000e+00
    flow_bc_8_4_2  fkeep_bc_8_2   1.000000000000e+00
    flow_bc_8_4_2  fkeep_bc_8_4  -1.000000000000e+00
    flow_bc_8_4_3  fcap_bc_8_4_3   1.000000000000e+00
    flow_bc_8_4_3  fkeep_bc_8_3   1.000000000000e+00
    flow_bc_8_4_3  fkeep_bc_8_4  -1.000000000000e+00
    flow_bc_8_4_5  fcap_bc_8_4_5   1.000000000000e+00
    flow_bc_8_4_5  fkeep_bc_8_4  -1.000000000000e+00
    flow_bc_8_4_5  fkeep_bc_8_5   1.000000000000e+00
    flow_bc_8_4_7  fcap_bc_8_4_7   1.000000000000e+00
    flow_bc_8_4_7  fkeep_bc_8_4  -1.000000000000e+00
    flow_bc_8_4_7  fkeep_bc_8_7   1.000000000000e+00
    flow_bc_8_4_8  fcap_bc_8_4_8   1.000000000000e+00
    flow_bc_8_4_8  fkeep_bc_8_4  -1.000000000000e+00
    flow_bc_8_4_8  fsink_bc_8   1.000000000000e+00
    flow_bc_8_4_9  fcap_bc_8_4_9   1.000000000000e+00
    flow_bc_8_4_9  fkeep_bc_8_4  -1.000000000000e+00
    flow_bc_8_4_9  fkeep_bc_8_9   1.000000000000e+00
    flow_bc_8_5_10  fcap_bc_8_5_10   1.000000000000e+00
    flow_bc_8_5_10  fkeep_bc_8_5  -1.000000000000e+00
    flow_bc_8_5_10  fkeep_bc_8_10   1.000000000000e+00
    flow_bc_8_5_2  fcap_bc_8_5_2   1.000000000000e+00
    flow_bc_8_5_2  fkeep_bc_8_2   1.000000000000e+00
    flow_bc_8_5_2  fkeep_bc_8_5  -1.000000000000e+00
    flow_bc_8_5_3  fcap_bc_8_5_3   1.000000000000e+00
    flow_bc_8_5_3  fkeep_bc_8_3   1.000000000000e+00
    flow_bc_8_5_3  fkeep_bc_8_5  -1.000000000000e+00
    flow_bc_8_5_4  fcap_bc_8_5_4   1.000000000000e+00
    flow_bc_8_5_4  fkeep_bc_8_4   1.000000000000e+00
    flow_bc_8_5_4  fkeep_bc_8_5  -1.000000000000e+00
    flow_bc_8_5_7  fcap_bc_8_5_7   1.000000000000e+00
    flow_bc_8_5_7  fkeep_bc_8_5  -1.000000000000e+00
    flow_bc_8_5_7  fkeep_bc_8_7   1.000000000000e+00
    flow_bc_8_5_8  fcap_bc_8_5_8   1.000000000000e+00
    flow_bc_8_5_8  fkeep_bc_8_5  -1.000000000000e+00
    flow_bc_8_5_8  fsink_bc_8   1.000000000000e+00
    flow_bc_8_5_9  fcap_bc_8_5_9   1.000000000000e+00
    flow_bc_8_5_9  fkeep_bc_8_5  -1.000000000000e+00
    flow_bc_8_5_9  fkeep_bc_8_9   1.000000000000e+00
    flow_bc_8_7_10  fcap_bc_8_7_10   1.000000000000e+00
    flow_bc_8_7_10  fkeep_bc_8_7  -1.000000000000e+00
    flow_bc_8_7_10  fkeep_bc_8_10   1.000000000000e+00
    flow_bc_8_7_2  fcap_bc_8_7_2   1.000000000000e+00
    flow_bc_8_7_2  fkeep_bc_8_2   1.000000000000e+00
    flow_bc_8_7_2  fkeep_bc_8_7  -1.000000000000e+00
    flow_bc_8_7_3  fcap_bc_8_7_3   1.000000000000e+00
    flow_bc_8_7_3  fkeep_bc_8_3   1.000000000000e+00
    flow_bc_8_7_3  fkeep_bc_8_7  -1.000000000000e+00
    flow_bc_8_7_4  fcap_bc_8_7_4   1.000000000000e+00
    flow_bc_8_7_4  fkeep_bc_8_4   1.000000000000e+00
    flow_bc_8_7_4  fkeep_bc_8_7  -1.000000000000e+00
    flow_bc_8_7_5  fcap_bc_8_7_5   1.000000000000e+00
    flow_bc_8_7_5  fkeep_bc_8_5   1.000000000000e+00
    flow_bc_8_7_5  fkeep_bc_8_7  -1.000000000000e+00
    flow_bc_8_7_8  fcap_bc_8_7_8   1.000000000000e+00
    flow_bc_8_7_8  fkeep_bc_8_7  -1.000000000000e+00
    flow_bc_8_7_8  fsink_bc_8   1.000000000000e+00
    flow_bc_8_7_9  fcap_bc_8_7_9   1.000000000000e+00
    flow_bc_8_7_9  fkeep_bc_8_7  -1.000000000000e+00
    flow_bc_8_7_9  fkeep_bc_8_9   1.000000000000e+00
    flow_bc_8_8_10  fcap_bc_8_8_10   1.000000000000e+00
    flow_bc_8_8_10  fsink_bc_8  -1.000000000000e+00
    flow_bc_8_8_10  fkeep_bc_8_10   1.000000000000e+00
    flow_bc_8_8_2  fcap_bc_8_8_2   1.000000000000e+00
    flow_bc_8_8_2  fkeep_bc_8_2   1.000000000000e+00
    flow_bc_8_8_2  fsink_bc_8  -1.000000000000e+00
    flow_bc_8_8_3  fcap_bc_8_8_3   1.000000000000e+00
    flow_bc_8_8_3  fkeep_bc_8_3   1.000000000000e+00
    flow_bc_8_8_3  fsink_bc_8  -1.000000000000e+00
    flow_bc_8_8_4  fcap_bc_8_8_4   1.000000000000e+00
    flow_bc_8_8_4  fkeep_bc_8_4   1.000000000000e+00
    flow_bc_8_8_4  fsink_bc_8  -1.000000000000e+00
    flow_bc_8_8_5  fcap_bc_8_8_5   1.000000000000e+00
    flow_bc_8_8_5  fkeep_bc_8_5   1.000000000000e+00
    flow_bc_8_8_5  fsink_bc_8  -1.000000000000e+00
    flow_bc_8_8_7  fcap_bc_8_8_7   1.000000000000e+00
    flow_bc_8_8_7  fkeep_bc_8_7   1.000000000000e+00
    flow_bc_8_8_7  fsink_bc_8  -1.000000000000e+00
    flow_bc_8_8_9  fcap_bc_8_8_9   1.000000000000e+00
    flow_bc_8_8_9  fsink_bc_8  -1.000000000000e+00
    flow_bc_8_8_9  fkeep_bc_8_9   1.000000000000e+00
    flow_bc_8_9_10  fcap_bc_8_9_10   1.000000000000e+00
    flow_bc_8_9_10  fkeep_bc_8_9  -1.000000000000e+00
    flow_bc_8_9_10  fkeep_bc_8_10   1.000000000000e+00
    flow_bc_8_9_2  fcap_bc_8_9_2   1.000000000000e+00
    flow_bc_8_9_2  fkeep_bc_8_2   1.000000000000e+00
    flow_bc_8_9_2  fkeep_bc_8_9  -1.000000000000e+00
    flow_bc_8_9_3  fcap_bc_8_9_3   1.000000000000e+00
    flow_bc_8_9_3  fkeep_bc_8_3   1.000000000000e+00
    flow_bc_8_9_3  fkeep_bc_8_9  -1.000000000000e+00
    flow_bc_8_9_4  fcap_bc_8_9_4   1.000000000000e+00
    flow_bc_8_9_4  fkeep_bc_8_4   1.000000000000e+00
    flow_bc_8_9_4  fkeep_bc_8_9  -1.000000000000e+00
    flow_bc_8_9_5  fcap_bc_8_9_5   1.000000000000e+00
    flow_bc_8_9_5  fkeep_bc_8_5   1.000000000000e+00
    flow_bc_8_9_5  fkeep_bc_8_9  -1.000000000000e+00
    flow_bc_8_9_7  fcap_bc_8_9_7   1.000000000000e+00
    flow_bc_8_9_7  fkeep_bc_8_7   1.000000000000e+00
    flow_bc_8_9_7  fkeep_bc_8_9  -1.000000000000e+00
    flow_bc_8_9_8  fcap_bc_8_9_8   1.000000000000e+00
    flow_bc_8_9_8  fsink_bc_8   1.000000000000e+00
    flow_bc_8_9_8  fkeep_bc_8_9  -1.000000000000e+00
    flow_bc_9_10_2  fcap_bc_9_10_2   1.000000000000e+00
    flow_bc_9_10_2  fkeep_bc_9_2   1.000000000000e+00
    flow_bc_9_10_2  fkeep_bc_9_10  -1.000000000000e+00
    flow_bc_9_10_3  fcap_bc_9_10_3   1.000000000000e+00
    flow_bc_9_10_3  fkeep_bc_9_3   1.000000000000e+00
    flow_bc_9_10_3  fkeep_bc_9_10  -1.000000000000e+00
    flow_bc_9_10_4  fcap_bc_9_10_4   1.000000000000e+00
    flow_bc_9_10_4  fkeep_bc_9_4   1.000000000000e+00
    flow_bc_9_10_4  fkeep_bc_9_10  -1.000000000000e+00
    flow_bc_9_10_5  fcap_bc_9_10_5   1.000000000000e+00
    flow_bc_9_10_5  fkeep_bc_9_5   1.000000000000e+00
    flow_bc_9_10_5  fkeep_bc_9_10  -1.000000000000e+00
    flow_bc_9_10_7  fcap_bc_9_10_7   1.000000000000e+00
    flow_bc_9_10_7  fkeep_bc_9_7   1.000000000000e+00
    flow_bc_9_10_7  fkeep_bc_9_10  -1.000000000000e+00
    flow_bc_9_10_8  fcap_bc_9_10_8   1.000000000000e+00
    flow_bc_9_10_8  fkeep_bc_9_8   1.000000000000e+00
    flow_bc_9_10_8  fkeep_bc_9_10  -1.000000000000e+00
    flow_bc_9_10_9  fcap_bc_9_10_9   1.000000000000e+00
    flow_bc_9_10_9  fsink_bc_9   1.000000000000e+00
    flow_bc_9_10_9  fkeep_bc_9_10  -1.000000000000e+00
    flow_bc_9_2_10  fcap_bc_9_2_10   1.000000000000e+00
    flow_bc_9_2_10  fkeep_bc_9_2  -1.000000000000e+00
    flow_bc_9_2_10  fkeep_bc_9_10   1.000000000000e+00
    flow_bc_9_2_3  fcap_bc_9_2_3   1.000000000000e+00
    flow_bc_9_2_3  fkeep_bc_9_2  -1.000000000000e+00
    flow_bc_9_2_3  fkeep_bc_9_3   1.000000000000e+00
    flow_bc_9_2_4  fcap_bc_9_2_4   1.000000000000e+00
    flow_bc_9_2_4  fkeep_bc_9_2  -1.000000000000e+00
    flow_bc_9_2_4  fkeep_bc_9_4   1.000000000000e+00
    flow_bc_9_2_5  fcap_bc_9_2_5   1.000000000000e+00
    flow_bc_9_2_5  fkeep_bc_9_2  -1.000000000000e+00
    flow_bc_9_2_5  fkeep_bc_9_5   1.000000000000e+00
    flow_bc_9_2_7  fcap_bc_9_2_7   1.000000000000e+00
    flow_bc_9_2_7  fkeep_bc_9_2  -1.000000000000e+00
    flow_bc_9_2_7  fkeep_bc_9_7   1.000000000000e+00
    flow_bc_9_2_8  fcap_bc_9_2_8   1.000000000000e+00
    flow_bc_9_2_8  fkeep_bc_9_2  -1.000000000000e+00
    flow_bc_9_2_8  fkeep_bc_9_8   1.000000000000e+00
    flow_bc_9_2_9  fcap_bc_9_2_9   1.000000000000e+00
    flow_bc_9_2_9  fkeep_bc_9_2  -1.000000000000e+00
    flow_bc_9_2_9  fsink_bc_9   1.000000000000e+00
    flow_bc_9_3_10  fcap_bc_9_3_10   1.000000000000e+00
    flow_bc_9_3_10  fkeep_bc_9_3  -1.000000000000e+00
    flow_bc_9_3_10  fkeep_bc_9_10   1.000000000000e+00
    flow_bc_9_3_2  fcap_bc_9_3_2   1.000000000000e+00
    flow_bc_9_3_2  fkeep_bc_9_2   1.000000000000e+00
    flow_bc_9_3_2  fkeep_bc_9_3  -1.000000000000e+00
    flow_bc_9_3_4  fcap_bc_9_3_4   1.000000000000e+00
    flow_bc_9_3_4  fkeep_bc_9_3  -1.000000000000e+00
    flow_bc_9_3_4  fkeep_bc_9_4   1.000000000000e+00
    flow_bc_9_3_5  fcap_bc_9_3_5   1.000000000000e+00
    flow_bc_9_3_5  fkeep_bc_9_3  -1.000000000000e+00
    flow_bc_9_3_5  fkeep_bc_9_5   1.000000000000e+00
    flow_bc_9_3_7  fcap_bc_9_3_7   1.000000000000e+00
    flow_bc_9_3_7  fkeep_bc_9_3  -1.000000000000e+00
    flow_bc_9_3_7  fkeep_bc_9_7   1.000000000000e+00
    flow_bc_9_3_8  fcap_bc_9_3_8   1.000000000000e+00
    flow_bc_9_3_8  fkeep_bc_9_3  -1.000000000000e+00
    flow_bc_9_3_8  fkeep_bc_9_8   1.000000000000e+00
    flow_bc_9_3_9  fcap_bc_9_3_9   1.000000000000e+00
    flow_bc_9_3_9  fkeep_bc_9_3  -1.000000000000e+00
    flow_bc_9_3_9  fsink_bc_9   1.000000000000e+00
    flow_bc_9_4_10  fcap_bc_9_4_10   1.000000000000e+00
    flow_bc_9_4_10  fkeep_bc_9_4  -1.000000000000e+00
    flow_bc_9_4_10  fkeep_bc_9_10   1.000000000000e+00
    flow_bc_9_4_2  fcap_bc_9_4_2   1.000000000000e+00
    flow_bc_9_4_2  fkeep_bc_9_2   1.000000000000e+00
    flow_bc_9_4_2  fkeep_bc_9_4  -1.000000000000e+00
    flow_bc_9_4_3  fcap_bc_9_4_3   1.000000000000e+00
    flow_bc_9_4_3  fkeep_bc_9_3   1.000000000000e+00
    flow_bc_9_4_3  fkeep_bc_9_4  -1.000000000000e+00
    flow_bc_9_4_5  fcap_bc_9_4_5   1.000000000000e+00
    flow_bc_9_4_5  fkeep_bc_9_4  -1.000000000000e+00
    flow_bc_9_4_5  fkeep_bc_9_5   1.000000000000e+00
    flow_bc_9_4_7  fcap_bc_9_4_7   1.000000000000e+00
    flow_bc_9_4_7  fkeep_bc_9_4  -1.000000000000e+00
    flow_bc_9_4_7  fkeep_bc_9_7   1.000000000000e+00
    flow_bc_9_4_8  fcap_bc_9_4_8   1.000000000000e+00
    flow_bc_9_4_8  fkeep_bc_9_4  -1.000000000000e+00
    flow_bc_9_4_8  fkeep_bc_9_8   1.000000000000e+00
    flow_bc_9_4_9  fcap_bc_9_4_9   1.000000000000e+00
    flow_bc_9_4_9  fkeep_bc_9_4  -1.000000000000e+00
    flow_bc_9_4_9  fsink_bc_9   1.000000000000e+00
    flow_bc_9_5_10  fcap_bc_9_5_10   1.000000000000e+00
    flow_bc_9_5_10  fkeep_bc_9_5  -1.000000000000e+00
    flow_bc_9_5_10  fkeep_bc_9_10   1.000000000000e+00
    flow_bc_9_5_2  fcap_bc_9_5_2   1.000000000000e+00
    flow_bc_9_5_2  fkeep_bc_9_2   1.000000000000e+00
    flow_bc_9_5_2  fkeep_bc_9_5  -1.000000000000e+00
    flow_bc_9_5_3  fcap_bc_9_5_3   1.000000000000e+00
    flow_bc_9_5_3  fkeep_bc_9_3   1.000000000000e+00
    flow_bc_9_5_3  fkeep_bc_9_5  -1.000000000000e+00
    flow_bc_9_5_4  fcap_bc_9_5_4   1.000000000000e+00
    flow_bc_9_5_4  fkeep_bc_9_4   1.000000000000e+00
    flow_bc_9_5_4  fkeep_bc_9_5  -1.000000000000e+00
    flow_bc_9_5_7  fcap_bc_9_5_7   1.000000000000e+00
    flow_bc_9_5_7  fkeep_bc_9_5  -1.000000000000e+00
    flow_bc_9_5_7  fkeep_bc_9_7   1.000000000000e+00
    flow_bc_9_5_8  fcap_bc_9_5_8   1.000000000000e+00
    flow_bc_9_5_8  fkeep_bc_9_5  -1.000000000000e+00
    flow_bc_9_5_8  fkeep_bc_9_8   1.000000000000e+00
    flow_bc_9_5_9  fcap_bc_9_5_9   1.000000000000e+00
    flow_bc_9_5_9  fkeep_bc_9_5  -1.000000000000e+00
    flow_bc_9_5_9  fsink_bc_9   1.000000000000e+00
    flow_bc_9_7_10  fcap_bc_9_7_10   1.000000000000e+00
    flow_bc_9_7_10  fkeep_bc_9_7  -1.000000000000e+00
    flow_bc_9_7_10  fkeep_bc_9_10   1.000000000000e+00
    flow_bc_9_7_2  fcap_bc_9_7_2   1.000000000000e+00
    flow_bc_9_7_2  fkeep_bc_9_2   1.000000000000e+00
    flow_bc_9_7_2  fkeep_bc_9_7  -1.000000000000e+00
    flow_bc_9_7_3  fcap_bc_9_7_3   1.000000000000e+00
    flow_bc_9_7_3  fkeep_bc_9_3   1.000000000000e+00
    flow_bc_9_7_3  fkeep_bc_9_7  -1.000000000000e+00
    flow_bc_9_7_4  fcap_bc_9_7_4   1.000000000000e+00
    flow_bc_9_7_4  fkeep_bc_9_4   1.000000000000e+00
    flow_bc_9_7_4  fkeep_bc_9_7  -1.000000000000e+00
    flow_bc_9_7_5  fcap_bc_9_7_5   1.000000000000e+00
    flow_bc_9_7_5  fkeep_bc_9_5   1.000000000000e+00
    flow_bc_9_7_5  fkeep_bc_9_7  -1.000000000000e+00
    flow_bc_9_7_8  fcap_bc_9_7_8   1.000000000000e+00
    flow_bc_9_7_8  fkeep_bc_9_7  -1.000000000000e+00
    flow_bc_9_7_8  fkeep_bc_9_8   1.000000000000e+00
    flow_bc_9_7_9  fcap_bc_9_7_9   1.000000000000e+00
    flow_bc_9_7_9  fkeep_bc_9_7  -1.000000000000e+00
    flow_bc_9_7_9  fsink_bc_9   1.000000000000e+00
    flow_bc_9_8_10  fcap_bc_9_8_10   1.000000000000e+00
    flow_bc_9_8_10  fkeep_bc_9_8  -1.000000000000e+00
    flow_bc_9_8_10  fkeep_bc_9_10   1.000000000000e+00
    flow_bc_9_8_2  fcap_bc_9_8_2   1.000000000000e+00
    flow_bc_9_8_2  fkeep_bc_9_2   1.000000000000e+00
    flow_bc_9_8_2  fkeep_bc_9_8  -1.000000000000e+00
    flow_bc_9_8_3  fcap_bc_9_8_3   1.000000000000e+00
    flow_bc_9_8_3  fkeep_bc_9_3   1.000000000000e+00
    flow_bc_9_8_3  fkeep_bc_9_8  -1.000000000000e+00
    flow_bc_9_8_4  fcap_bc_9_8_4   1.000000000000e+00
    flow_bc_9_8_4  fkeep_bc_9_4   1.000000000000e+00
    flow_bc_9_8_4  fkeep_bc_9_8  -1.000000000000e+00
    flow_bc_9_8_5  fcap_bc_9_8_5   1.000000000000e+00
    flow_bc_9_8_5  fkeep_bc_9_5   1.000000000000e+00
    flow_bc_9_8_5  fkeep_bc_9_8  -1.000000000000e+00
    flow_bc_9_8_7  fcap_bc_9_8_7   1.000000000000e+00
    flow_bc_9_8_7  fkeep_bc_9_7   1.000000000000e+00
    flow_bc_9_8_7  fkeep_bc_9_8  -1.000000000000e+00
    flow_bc_9_8_9  fcap_bc_9_8_9   1.000000000000e+00
    flow_bc_9_8_9  fkeep_bc_9_8  -1.000000000000e+00
    flow_bc_9_8_9  fsink_bc_9   1.000000000000e+00
    flow_bc_9_9_10  fcap_bc_9_9_10   1.000000000000e+00
    flow_bc_9_9_10  fsink_bc_9  -1.000000000000e+00
    flow_bc_9_9_10  fkeep_bc_9_10   1.000000000000e+00
    flow_bc_9_9_2  fcap_bc_9_9_2   1.000000000000e+00
    flow_bc_9_9_2  fkeep_bc_9_2   1.000000000000e+00
    flow_bc_9_9_2  fsink_bc_9  -1.000000000000e+00
    flow_bc_9_9_3  fcap_bc_9_9_3   1.000000000000e+00
    flow_bc_9_9_3  fkeep_bc_9_3   1.000000000000e+00
    flow_bc_9_9_3  fsink_bc_9  -1.000000000000e+00
    flow_bc_9_9_4  fcap_bc_9_9_4   1.000000000000e+00
    flow_bc_9_9_4  fkeep_bc_9_4   1.000000000000e+00
    flow_bc_9_9_4  fsink_bc_9  -1.000000000000e+00
    flow_bc_9_9_5  fcap_bc_9_9_5   1.000000000000e+00
    flow_bc_9_9_5  fkeep_bc_9_5   1.000000000000e+00
    flow_bc_9_9_5  fsink_bc_9  -1.000000000000e+00
    flow_bc_9_9_7  fcap_bc_9_9_7   1.000000000000e+00
    flow_bc_9_9_7  fkeep_bc_9_7   1.000000000000e+00
    flow_bc_9_9_7  fsink_bc_9  -1.000000000000e+00
    flow_bc_9_9_8  fcap_bc_9_9_8   1.000000000000e+00
    flow_bc_9_9_8  fkeep_bc_9_8   1.000000000000e+00
    flow_bc_9_9_8  fsink_bc_9  -1.000000000000e+00
    flow_re_10_10_2  fcap_re_10_10_2   1.000000000000e+00
    flow_re_10_10_2  fkeep_re_10_2  -1.000000000000e+00
    flow_re_10_10_2  fsink_re_10   1.000000000000e+00
    flow_re_10_10_3  fcap_re_10_10_3   1.000000000000e+00
    flow_re_10_10_3  fkeep_re_10_3  -1.000000000000e+00
    flow_re_10_10_3  fsink_re_10   1.000000000000e+00
    flow_re_10_10_4  fcap_re_10_10_4   1.000000000000e+00
    flow_re_10_10_4  fkeep_re_10_4  -1.000000000000e+00
    flow_re_10_10_4  fsink_re_10   1.000000000000e+00
    flow_re_10_10_5  fcap_re_10_10_5   1.000000000000e+00
    flow_re_10_10_5  fkeep_re_10_5  -1.000000000000e+00
    flow_re_10_10_5  fsink_re_10   1.000000000000e+00
    flow_re_10_10_7  fcap_re_10_10_7   1.000000000000e+00
    flow_re_10_10_7  fkeep_re_10_7  -1.000000000000e+00
    flow_re_10_10_7  fsink_re_10   1.000000000000e+00
    flow_re_10_10_8  fcap_re_10_10_8   1.000000000000e+00
    flow_re_10_10_8  fkeep_re_10_8  -1.000000000000e+00
    flow_re_10_10_8  fsink_re_10   1.000000000000e+00
    flow_re_10_10_9  fcap_re_10_10_9   1.000000000000e+00
    flow_re_10_10_9  fkeep_re_10_9  -1.000000000000e+00
    flow_re_10_10_9  fsink_re_10   1.000000000000e+00
    flow_re_10_2_10  fcap_re_10_2_10   1.000000000000e+00
    flow_re_10_2_10  fkeep_re_10_2   1.000000000000e+00
    flow_re_10_2_10  fsink_re_10  -1.000000000000e+00
    flow_re_10_2_3  fcap_re_10_2_3   1.000000000000e+00
    flow_re_10_2_3  fkeep_re_10_2   1.000000000000e+00
    flow_re_10_2_3  fkeep_re_10_3  -1.000000000000e+00
    flow_re_10_2_4  fcap_re_10_2_4   1.000000000000e+00
    flow_re_10_2_4  fkeep_re_10_2   1.000000000000e+00
    flow_re_10_2_4  fkeep_re_10_4  -1.000000000000e+00
    flow_re_10_2_5  fcap_re_10_2_5   1.000000000000e+00
    flow_re_10_2_5  fkeep_re_10_2   1.000000000000e+00
    flow_re_10_2_5  fkeep_re_10_5  -1.000000000000e+00
    flow_re_10_2_7  fcap_re_10_2_7   1.000000000000e+00
    flow_re_10_2_7  fkeep_re_10_2   1.000000000000e+00
    flow_re_10_2_7  fkeep_re_10_7  -1.000000000000e+00
    flow_re_10_2_8  fcap_re_10_2_8   1.000000000000e+00
    flow_re_10_2_8  fkeep_re_10_2   1.000000000000e+00
    flow_re_10_2_8  fkeep_re_10_8  -1.000000000000e+00
    flow_re_10_2_9  fcap_re_10_2_9   1.000000000000e+00
    flow_re_10_2_9  fkeep_re_10_2   1.000000000000e+00
    flow_re_10_2_9  fkeep_re_10_9  -1.000000000000e+00
    flow_re_10_3_10  fcap_re_10_3_10   1.000000000000e+00
    flow_re_10_3_10  fkeep_re_10_3   1.000000000000e+00
    flow_re_10_3_10  fsink_re_10  -1.000000000000e+00
    flow_re_10_3_2  fcap_re_10_3_2   1.000000000000e+00
    flow_re_10_3_2  fkeep_re_10_2  -1.000000000000e+00
    flow_re_10_3_2  fkeep_re_10_3   1.000000000000e+00
    flow_re_10_3_4  fcap_re_10_3_4   1.000000000000e+00
    flow_re_10_3_4  fkeep_re_10_3   1.000000000000e+00
    flow_re_10_3_4  fkeep_re_10_4  -1.000000000000e+00
    flow_re_10_3_5  fcap_re_10_3_5   1.000000000000e+00
    flow_re_10_3_5  fkeep_re_10_3   1.000000000000e+00
    flow_re_10_3_5  fkeep_re_10_5  -1.000000000000e+00
    flow_re_10_3_7  fcap_re_10_3_7   1.000000000000e+00
    flow_re_10_3_7  fkeep_re_10_3   1.000000000000e+00
    flow_re_10_3_7  fkeep_re_10_7  -1.000000000000e+00
    flow_re_10_3_8  fcap_re_10_3_8   1.000000000000e+00
    flow_re_10_3_8  fkeep_re_10_3   1.000000000000e+00
    flow_re_10_3_8  fkeep_re_10_8  -1.000000000000e+00
    flow_re_10_3_9  fcap_re_10_3_9   1.000000000000e+00
    flow_re_10_3_9  fkeep_re_10_3   1.000000000000e+00
    flow_re_10_3_9  fkeep_re_10_9  -1.000000000000e+00
    flow_re_10_4_10  fcap_re_10_4_10   1.000000000000e+00
    flow_re_10_4_10  fkeep_re_10_4   1.000000000000e+00
    flow_re_10_4_10  fsink_re_10  -1.000000000000e+00
    flow_re_10_4_2  fcap_re_10_4_2   1.000000000000e+00
    flow_re_10_4_2  fkeep_re_10_2  -1.000000000000e+00
    flow_re_10_4_2  fkeep_re_10_4   1.000000000000e+00
    flow_re_10_4_3  fcap_re_10_4_3   1.000000000000e+00
    flow_re_10_4_3  fkeep_re_10_3  -1.000000000000e+00
    flow_re_10_4_3  fkeep_re_10_4   1.000000000000e+00
    flow_re_10_4_5  fcap_re_10_4_5   1.000000000000e+00
    flow_re_10_4_5  fkeep_re_10_4   1.000000000000e+00
    flow_re_10_4_5  fkeep_re_10_5  -1.000000000000e+00
    flow_re_10_4_7  fcap_re_10_4_7   1.000000000000e+00
    flow_re_10_4_7  fkeep_re_10_4   1.000000000000e+00
    flow_re_10_4_7  fkeep_re_10_7  -1.000000000000e+00
    flow_re_10_4_8  fcap_re_10_4_8   1.000000000000e+00
    flow_re_10_4_8  fkeep_re_10_4   1.000000000000e+00
    flow_re_10_4_8  fkeep_re_10_8  -1.000000000000e+00
    flow_re_10_4_9  fcap_re_10_4_9   1.000000000000e+00
    flow_re_10_4_9  fkeep_re_10_4   1.000000000000e+00
    flow_re_10_4_9  fkeep_re_10_9  -1.000000000000e+00
    flow_re_10_5_10  fcap_re_10_5_10   1.000000000000e+00
    flow_re_10_5_10  fkeep_re_10_5   1.000000000000e+00
    flow_re_10_5_10  fsink_re_10  -1.000000000000e+00
    flow_re_10_5_2  fcap_re_10_5_2   1.000000000000e+00
    flow_re_10_5_2  fkeep_re_10_2  -1.000000000000e+00
    flow_re_10_5_2  fkeep_re_10_5   1.000000000000e+00
    flow_re_10_5_3  fcap_re_10_5_3   1.000000000000e+00
    flow_re_10_5_3  fkeep_re_10_3  -1.000000000000e+00
    flow_re_10_5_3  fkeep_re_10_5   1.000000000000e+00
    flow_re_10_5_4  fcap_re_10_5_4   1.000000000000e+00
    flow_re_10_5_4  fkeep_re_10_4  -1.000000000000e+00
    flow_re_10_5_4  fkeep_re_10_5   1.000000000000e+00
    flow_re_10_5_7  fcap_re_10_5_7   1.000000000000e+00
    flow_re_10_5_7  fkeep_re_10_5   1.000000000000e+00
    flow_re_10_5_7  fkeep_re_10_7  -1.000000000000e+00
    flow_re_10_5_8  fcap_re_10_5_8   1.000000000000e+00
    flow_re_10_5_8  fkeep_re_10_5   1.000000000000e+00
    flow_re_10_5_8  fkeep_re_10_8  -1.000000000000e+00
    flow_re_10_5_9  fcap_re_10_5_9   1.000000000000e+00
    flow_re_10_5_9  fkeep_re_10_5   1.000000000000e+00
    flow_re_10_5_9  fkeep_re_10_9  -1.000000000000e+00
    flow_re_10_7_10  fcap_re_10_7_10   1.000000000000e+00
    flow_re_10_7_10  fkeep_re_10_7   1.000000000000e+00
    flow_re_10_7_10  fsink_re_10  -1.000000000000e+00
    flow_re_10_7_2  fcap_re_10_7_2   1.000000000000e+00
    flow_re_10_7_2  fkeep_re_10_2  -1.000000000000e+00
    flow_re_10_7_2  fkeep_re_10_7   1.000000000000e+00
    flow_re_10_7_3  fcap_re_10_7_3   1.000000000000e+00
    flow_re_10_7_3  fkeep_re_10_3  -1.000000000000e+00
    flow_re_10_7_3  fkeep_re_10_7   1.000000000000e+00
    flow_re_10_7_4  fcap_re_10_7_4   1.000000000000e+00
    flow_re_10_7_4  fkeep_re_10_4  -1.000000000000e+00
    flow_re_10_7_4  fkeep_re_10_7   1.000000000000e+00
    flow_re_10_7_5  fcap_re_10_7_5   1.000000000000e+00
    flow_re_10_7_5  fkeep_re_10_5  -1.000000000000e+00
    flow_re_10_7_5  fkeep_re_10_7   1.000000000000e+00
    flow_re_10_7_8  fcap_re_10_7_8   1.000000000000e+00
    flow_re_10_7_8  fkeep_re_10_7   1.000000000000e+00
    flow_re_10_7_8  fkeep_re_10_8  -1.000000000000e+00
    flow_re_10_7_9  fcap_re_10_7_9   1.000000000000e+00
    flow_re_10_7_9  fkeep_re_10_7   1.000000000000e+00
    flow_re_10_7_9  fkeep_re_10_9  -1.000000000000e+00
    flow_re_10_8_10  fcap_re_10_8_10   1.000000000000e+00
    flow_re_10_8_10  fkeep_re_10_8   1.000000000000e+00
    flow_re_10_8_10  fsink_re_10  -1.000000000000e+00
    flow_re_10_8_2  fcap_re_10_8_2   1.000000000000e+00
    flow_re_10_8_2  fkeep_re_10_2  -1.000000000000e+00
    flow_re_10_8_2  fkeep_re_10_8   1.000000000000e+00
    flow_re_10_8_3  fcap_re_10_8_3   1.000000000000e+00
    flow_re_10_8_3  fkeep_re_10_3  -1.000000000000e+00
    flow_re_10_8_3  fkeep_re_10_8   1.000000000000e+00
    flow_re_10_8_4  fcap_re_10_8_4   1.000000000000e+00
    flow_re_10_8_4  fkeep_re_10_4  -1.000000000000e+00
    flow_re_10_8_4  fkeep_re_10_8   1.000000000000e+00
    flow_re_10_8_5  fcap_re_10_8_5   1.000000000000e+00
    flow_re_10_8_5  fkeep_re_10_5  -1.000000000000e+00
    flow_re_10_8_5  fkeep_re_10_8   1.000000000000e+00
    flow_re_10_8_7  fcap_re_10_8_7   1.000000000000e+00
    flow_re_10_8_7  fkeep_re_10_7  -1.000000000000e+00
    flow_re_10_8_7  fkeep_re_10_8   1.000000000000e+00
    flow_re_10_8_9  fcap_re_10_8_9   1.000000000000e+00
    flow_re_10_8_9  fkeep_re_10_8   1.000000000000e+00
    flow_re_10_8_9  fkeep_re_10_9  -1.000000000000e+00
    flow_re_10_9_10  fcap_re_10_9_10   1.000000000000e+00
    flow_re_10_9_10  fkeep_re_10_9   1.000000000000e+00
    flow_re_10_9_10  fsink_re_10  -1.000000000000e+00
    flow_re_10_9_2  fcap_re_10_9_2   1.000000000000e+00
    flow_re_10_9_2  fkeep_re_10_2  -1.000000000000e+00
    flow_re_10_9_2  fkeep_re_10_9   1.000000000000e+00
    flow_re_10_9_3  fcap_re_10_9_3   1.000000000000e+00
    flow_re_10_9_3  fkeep_re_10_3  -1.000000000000e+00
    flow_re_10_9_3  fkeep_re_10_9   1.000000000000e+00
    flow_re_10_9_4  fcap_re_10_9_4   1.000000000000e+00
    flow_re_10_9_4  fkeep_re_10_4  -1.000000000000e+00
    flow_re_10_9_4  fkeep_re_10_9   1.000000000000e+00
    flow_re_10_9_5  fcap_re_10_9_5   1.000000000000e+00
    flow_re_10_9_5  fkeep_re_10_5  -1.000000000000e+00
    flow_re_10_9_5  fkeep_re_10_9   1.000000000000e+00
    flow_re_10_9_7  fcap_re_10_9_7   1.000000000000e+00
    flow_re_10_9_7  fkeep_re_10_7  -1.000000000000e+00
    flow_re_10_9_7  fkeep_re_10_9   1.000000000000e+00
    flow_re_10_9_8  fcap_re_10_9_8   1.000000000000e+00
    flow_re_10_9_8  fkeep_re_10_8  -1.000000000000e+00
    flow_re_10_9_8  fkeep_re_10_9   1.000000000000e+00
    flow_re_2_10_2  fcap_re_2_10_2   1.000000000000e+00
    flow_re_2_10_2  fsink_re_2  -1.000000000000e+00
    flow_re_2_10_2  fkeep_re_2_10   1.000000000000e+00
    flow_re_2_10_3  fcap_re_2_10_3   1.000000000000e+00
    flow_re_2_10_3  fkeep_re_2_3  -1.000000000000e+00
    flow_re_2_10_3  fkeep_re_2_10   1.000000000000e+00
    flow_re_2_10_4  fcap_re_2_10_4   1.000000000000e+00
    flow_re_2_10_4  fkeep_re_2_4  -1.000000000000e+00
    flow_re_2_10_4  fkeep_re_2_10   1.000000000000e+00
    flow_re_2_10_5  fcap_re_2_10_5   1.000000000000e+00
    flow_re_2_10_5  fkeep_re_2_5  -1.000000000000e+00
    flow_re_2_10_5  fkeep_re_2_10   1.000000000000e+00
    flow_re_2_10_7  fcap_re_2_10_7   1.000000000000e+00
    flow_re_2_10_7  fkeep_re_2_7  -1.000000000000e+00
    flow_re_2_10_7  fkeep_re_2_10   1.000000000000e+00
    flow_re_2_10_8  fcap_re_2_10_8   1.000000000000e+00
    flow_re_2_10_8  fkeep_re_2_8  -1.000000000000e+00
    flow_re_2_10_8  fkeep_re_2_10   1.000000000000e+00
    flow_re_2_10_9  fcap_re_2_10_9   1.000000000000e+00
    flow_re_2_10_9  fkeep_re_2_9  -1.000000000000e+00
    flow_re_2_10_9  fkeep_re_2_10   1.000000000000e+00
    flow_re_2_2_10  fcap_re_2_2_10   1.000000000000e+00
    flow_re_2_2_10  fsink_re_2   1.000000000000e+00
    flow_re_2_2_10  fkeep_re_2_10  -1.000000000000e+00
    flow_re_2_2_3  fcap_re_2_2_3   1.000000000000e+00
    flow_re_2_2_3  fsink_re_2   1.000000000000e+00
    flow_re_2_2_3  fkeep_re_2_3  -1.000000000000e+00
    flow_re_2_2_4  fcap_re_2_2_4   1.000000000000e+00
    flow_re_2_2_4  fsink_re_2   1.000000000000e+00
    flow_re_2_2_4  fkeep_re_2_4  -1.000000000000e+00
    flow_re_2_2_5  fcap_re_2_2_5   1.000000000000e+00
    flow_re_2_2_5  fsink_re_2   1.000000000000e+00
    flow_re_2_2_5  fkeep_re_2_5  -1.000000000000e+00
    flow_re_2_2_7  fcap_re_2_2_7   1.000000000000e+00
    flow_re_2_2_7  fsink_re_2   1.000000000000e+00
    flow_re_2_2_7  fkeep_re_2_7  -1.000000000000e+00
    flow_re_2_2_8  fcap_re_2_2_8   1.000000000000e+00
    flow_re_2_2_8  fsink_re_2   1.000000000000e+00
    flow_re_2_2_8  fkeep_re_2_8  -1.000000000000e+00
    flow_re_2_2_9  fcap_re_2_2_9   1.000000000000e+00
    flow_re_2_2_9  fsink_re_2   1.000000000000e+00
    flow_re_2_2_9  fkeep_re_2_9  -1.000000000000e+00
    flow_re_2_3_10  fcap_re_2_3_10   1.000000000000e+00
    flow_re_2_3_10  fkeep_re_2_3   1.000000000000e+00
    flow_re_2_3_10  fkeep_re_2_10  -1.000000000000e+00
    flow_re_2_3_2  fcap_re_2_3_2   1.000000000000e+00
    flow_re_2_3_2  fsink_re_2  -1.000000000000e+00
    flow_re_2_3_2  fkeep_re_2_3   1.000000000000e+00
    flow_re_2_3_4  fcap_re_2_3_4   1.000000000000e+00
    flow_re_2_3_4  fkeep_re_2_3   1.000000000000e+00
    flow_re_2_3_4  fkeep_re_2_4  -1.000000000000e+00
    flow_re_2_3_5  fcap_re_2_3_5   1.000000000000e+00
    flow_re_2_3_5  fkeep_re_2_3   1.000000000000e+00
    flow_re_2_3_5  fkeep_re_2_5  -1.000000000000e+00
    flow_re_2_3_7  fcap_re_2_3_7   1.000000000000e+00
    flow_re_2_3_7  fkeep_re_2_3   1.000000000000e+00
    flow_re_2_3_7  fkeep_re_2_7  -1.000000000000e+00
    flow_re_2_3_8  fcap_re_2_3_8   1.000000000000e+00
    flow_re_2_3_8  fkeep_re_2_3   1.000000000000e+00
    flow_re_2_3_8  fkeep_re_2_8  -1.000000000000e+00
    flow_re_2_3_9  fcap_re_2_3_9   1.000000000000e+00
    flow_re_2_3_9  fkeep_re_2_3   1.000000000000e+00
    flow_re_2_3_9  fkeep_re_2_9  -1.000000000000e+00
    flow_re_2_4_10  fcap_re_2_4_10   1.000000000000e+00
    flow_re_2_4_10  fkeep_re_2_4   1.000000000000e+00
    flow_re_2_4_10  fkeep_re_2_10  -1.000000000000e+00
    flow_re_2_4_2  fcap_re_2_4_2   1.000000000000e+00
    flow_re_2_4_2  fsink_re_2  -1.000000000000e+00
    flow_re_2_4_2  fkeep_re_2_4   1.000000000000e+00
    flow_re_2_4_3  fcap_re_2_4_3   1.000000000000e+00
    flow_re_2_4_3  fkeep_re_2_3  -1.000000000000e+00
    flow_re_2_4_3  fkeep_re_2_4   1.000000000000e+00
    flow_re_2_4_5  fcap_re_2_4_5   1.000000000000e+00
    flow_re_2_4_5  fkeep_re_2_4   1.000000000000e+00
    flow_re_2_4_5  fkeep_re_2_5  -1.000000000000e+00
    flow_re_2_4_7  fcap_re_2_4_7   1.000000000000e+00
    flow_re_2_4_7  fkeep_re_2_4   1.000000000000e+00
    flow_re_2_4_7  fkeep_re_2_7  -1.000000000000e+00
    flow_re_2_4_8  fcap_re_2_4_8   1.000000000000e+00
    flow_re_2_4_8  fkeep_re_2_4   1.000000000000e+00
    flow_re_2_4_8  fkeep_re_2_8  -1.000000000000e+00
    flow_re_2_4_9  fcap_re_2_4_9   1.000000000000e+00
    flow_re_2_4_9  fkeep_re_2_4   1.000000000000e+00
    flow_re_2_4_9  fkeep_re_2_9  -1.000000000000e+00
    flow_re_2_5_10  fcap_re_2_5_10   1.000000000000e+00
    flow_re_2_5_10  fkeep_re_2_5   1.000000000000e+00
    flow_re_2_5_10  fkeep_re_2_10  -1.000000000000e+00
    flow_re_2_5_2  fcap_re_2_5_2   1.000000000000e+00
    flow_re_2_5_2  fsink_re_2  -1.000000000000e+00
    flow_re_2_5_2  fkeep_re_2_5   1.000000000000e+00
    flow_re_2_5_3  fcap_re_2_5_3   1.000000000000e+00
    flow_re_2_5_3  fkeep_re_2_3  -1.000000000000e+00
    flow_re_2_5_3  fkeep_re_2_5   1.000000000000e+00
    flow_re_2_5_4  fcap_re_2_5_4   1.000000000000e+00
    flow_re_2_5_4  fkeep_re_2_4  -1.000000000000e+00
    flow_re_2_5_4  fkeep_re_2_5   1.000000000000e+00
    flow_re_2_5_7  fcap_re_2_5_7   1.000000000000e+00
    flow_re_2_5_7  fkeep_re_2_5   1.000000000000e+00
    flow_re_2_5_7  fkeep_re_2_7  -1.000000000000e+00
    flow_re_2_5_8  fcap_re_2_5_8   1.000000000000e+00
    flow_re_2_5_8  fkeep_re_2_5   1.000000000000e+00
    flow_re_2_5_8  fkeep_re_2_8  -1.000000000000e+00
    flow_re_2_5_9  fcap_re_2_5_9   1.000000000000e+00
    flow_re_2_5_9  fkeep_re_2_5   1.000000000000e+00
    flow_re_2_5_9  fkeep_re_2_9  -1.000000000000e+00
    flow_re_2_7_10  fcap_re_2_7_10   1.000000000000e+00
    flow_re_2_7_10  fkeep_re_2_7   1.000000000000e+00
    flow_re_2_7_10  fkeep_re_2_10  -1.000000000000e+00
    flow_re_2_7_2  fcap_re_2_7_2   1.000000000000e+00
    flow_re_2_7_2  fsink_re_2  -1.000000000000e+00
    flow_re_2_7_2  fkeep_re_2_7   1.000000000000e+00
    flow_re_2_7_3  fcap_re_2_7_3   1.000000000000e+00
    flow_re_2_7_3  fkeep_re_2_3  -1.000000000000e+00
    flow_re_2_7_3  fkeep_re_2_7   1.000000000000e+00
    flow_re_2_7_4  fcap_re_2_7_4   1.000000000000e+00
    flow_re_2_7_4  fkeep_re_2_4  -1.000000000000e+00
    flow_re_2_7_4  fkeep_re_2_7   1.000000000000e+00
    flow_re_2_7_5  fcap_re_2_7_5   1.000000000000e+00
    flow_re_2_7_5  fkeep_re_2_5  -1.000000000000e+00
    flow_re_2_7_5  fkeep_re_2_7   1.000000000000e+00
    flow_re_2_7_8  fcap_re_2_7_8   1.000000000000e+00
    flow_re_2_7_8  fkeep_re_2_7   1.000000000000e+00
    flow_re_2_7_8  fkeep_re_2_8  -1.000000000000e+00
    flow_re_2_7_9  fcap_re_2_7_9   1.000000000000e+00
    flow_re_2_7_9  fkeep_re_2_7   1.000000000000e+00
    flow_re_2_7_9  fkeep_re_2_9  -1.000000000000e+00
    flow_re_2_8_10  fcap_re_2_8_10   1.000000000000e+00
    flow_re_2_8_10  fkeep_re_2_8   1.000000000000e+00
    flow_re_2_8_10  fkeep_re_2_10  -1.000000000000e+00
    flow_re_2_8_2  fcap_re_2_8_2   1.000000000000e+00
    flow_re_2_8_2  fsink_re_2  -1.000000000000e+00
    flow_re_2_8_2  fkeep_re_2_8   1.000000000000e+00
    flow_re_2_8_3  fcap_re_2_8_3   1.000000000000e+00
    flow_re_2_8_3  fkeep_re_2_3  -1.000000000000e+00
    flow_re_2_8_3  fkeep_re_2_8   1.000000000000e+00
    flow_re_2_8_4  fcap_re_2_8_4   1.000000000000e+00
    flow_re_2_8_4  fkeep_re_2_4  -1.000000000000e+00
    flow_re_2_8_4  fkeep_re_2_8   1.000000000000e+00
    flow_re_2_8_5  fcap_re_2_8_5   1.000000000000e+00
    flow_re_2_8_5  fkeep_re_2_5  -1.000000000000e+00
    flow_re_2_8_5  fkeep_re_2_8   1.000000000000e+00
    flow_re_2_8_7  fcap_re_2_8_7   1.000000000000e+00
    flow_re_2_8_7  fkeep_re_2_7  -1.000000000000e+00
    flow_re_2_8_7  fkeep_re_2_8   1.000000000000e+00
    flow_re_2_8_9  fcap_re_2_8_9   1.000000000000e+00
    flow_re_2_8_9  fkeep_re_2_8   1.000000000000e+00
    flow_re_2_8_9  fkeep_re_2_9  -1.000000000000e+00
    flow_re_2_9_10  fcap_re_2_9_10   1.000000000000e+00
    flow_re_2_9_10  fkeep_re_2_9   1.000000000000e+00
    flow_re_2_9_10  fkeep_re_2_10  -1.000000000000e+00
    flow_re_2_9_2  fcap_re_2_9_2   1.000000000000e+00
    flow_re_2_9_2  fsink_re_2  -1.000000000000e+00
    flow_re_2_9_2  fkeep_re_2_9   1.000000000000e+00
    flow_re_2_9_3  fcap_re_2_9_3   1.000000000000e+00
    flow_re_2_9_3  fkeep_re_2_3  -1.000000000000e+00
    flow_re_2_9_3  fkeep_re_2_9   1.000000000000e+00
    flow_re_2_9_4  fcap_re_2_9_4   1.000000000000e+00
    flow_re_2_9_4  fkeep_re_2_4  -1.000000000000e+00
    flow_re_2_9_4  fkeep_re_2_9   1.000000000000e+00
    flow_re_2_9_5  fcap_re_2_9_5   1.000000000000e+00
    flow_re_2_9_5  fkeep_re_2_5  -1.000000000000e+00
    flow_re_2_9_5  fkeep_re_2_9   1.000000000000e+00
    flow_re_2_9_7  fcap_re_2_9_7   1.000000000000e+00
    flow_re_2_9_7  fkeep_re_2_7  -1.000000000000e+00
    flow_re_2_9_7  fkeep_re_2_9   1.000000000000e+00
    flow_re_2_9_8  fcap_re_2_9_8   1.000000000000e+00
    flow_re_2_9_8  fkeep_re_2_8  -1.000000000000e+00
    flow_re_2_9_8  fkeep_re_2_9   1.000000000000e+00
    flow_re_3_10_2  fcap_re_3_10_2   1.000000000000e+00
    flow_re_3_10_2  fkeep_re_3_2  -1.000000000000e+00
    flow_re_3_10_2  fkeep_re_3_10   1.000000000000e+00
    flow_re_3_10_3  fcap_re_3_10_3   1.000000000000e+00
    flow_re_3_10_3  fsink_re_3  -1.000000000000e+00
    flow_re_3_10_3  fkeep_re_3_10   1.000000000000e+00
    flow_re_3_10_4  fcap_re_3_10_4   1.000000000000e+00
    flow_re_3_10_4  fkeep_re_3_4  -1.000000000000e+00
    flow_re_3_10_4  fkeep_re_3_10   1.000000000000e+00
    flow_re_3_10_5  fcap_re_3_10_5   1.000000000000e+00
    flow_re_3_10_5  fkeep_re_3_5  -1.000000000000e+00
    flow_re_3_10_5  fkeep_re_3_10   1.000000000000e+00
    flow_re_3_10_7  fcap_re_3_10_7   1.000000000000e+00
    flow_re_3_10_7  fkeep_re_3_7  -1.000000000000e+00
    flow_re_3_10_7  fkeep_re_3_10   1.000000000000e+00
    flow_re_3_10_8  fcap_re_3_10_8   1.000000000000e+00
    flow_re_3_10_8  fkeep_re_3_8  -1.000000000000e+00
    flow_re_3_10_8  fkeep_re_3_10   1.000000000000e+00
    flow_re_3_10_9  fcap_re_3_10_9   1.000000000000e+00
    flow_re_3_10_9  fkeep_re_3_9  -1.000000000000e+00
    flow_re_3_10_9  fkeep_re_3_10   1.000000000000e+00
    flow_re_3_2_10  fcap_re_3_2_10   1.000000000000e+00
    flow_re_3_2_10  fkeep_re_3_2   1.000000000000e+00
    flow_re_3_2_10  fkeep_re_3_10  -1.000000000000e+00
    flow_re_3_2_3  fcap_re_3_2_3   1.000000000000e+00
    flow_re_3_2_3  fkeep_re_3_2   1.000000000000e+00
    flow_re_3_2_3  fsink_re_3  -1.000000000000e+00
    flow_re_3_2_4  fcap_re_3_2_4   1.000000000000e+00
    flow_re_3_2_4  fkeep_re_3_2   1.000000000000e+00
    flow_re_3_2_4  fkeep_re_3_4  -1.000000000000e+00
    flow_re_3_2_5  fcap_re_3_2_5   1.000000000000e+00
    flow_re_3_2_5  fkeep_re_3_2   1.000000000000e+00
    flow_re_3_2_5  fkeep_re_3_5  -1.000000000000e+00
    flow_re_3_2_7  fcap_re_3_2_7   1.000000000000e+00
    flow_re_3_2_7  fkeep_re_3_2   1.000000000000e+00
    flow_re_3_2_7  fkeep_re_3_7  -1.000000000000e+00
    flow_re_3_2_8  fcap_re_3_2_8   1.000000000000e+00
    flow_re_3_2_8  fkeep_re_3_2   1.000000000000e+00
    flow_re_3_2_8  fkeep_re_3_8  -1.000000000000e+00
    flow_re_3_2_9  fcap_re_3_2_9   1.000000000000e+00
    flow_re_3_2_9  fkeep_re_3_2   1.000000000000e+00
    flow_re_3_2_9  fkeep_re_3_9  -1.000000000000e+00
    flow_re_3_3_10  fcap_re_3_3_10   1.000000000000e+00
    flow_re_3_3_10  fsink_re_3   1.000000000000e+00
    flow_re_3_3_10  fkeep_re_3_10  -1.000000000000e+00
    flow_re_3_3_2  fcap_re_3_3_2   1.000000000000e+00
    flow_re_3_3_2  fkeep_re_3_2  -1.000000000000e+00
    flow_re_3_3_2  fsink_re_3   1.000000000000e+00
    flow_re_3_3_4  fcap_re_3_3_4   1.000000000000e+00
    flow_re_3_3_4  fsink_re_3   1.000000000000e+00
    flow_re_3_3_4  fkeep_re_3_4  -1.000000000000e+00
    flow_re_3_3_5  fcap_re_3_3_5   1.000000000000e+00
    flow_re_3_3_5  fsink_re_3   1.000000000000e+00
    flow_re_3_3_5  fkeep_re_3_5  -1.000000000000e+00
    flow_re_3_3_7  fcap_re_3_3_7   1.000000000000e+00
    flow_re_3_3_7  fsink_re_3   1.000000000000e+00
    flow_re_3_3_7  fkeep_re_3_7  -1.000000000000e+00
    flow_re_3_3_8  fcap_re_3_3_8   1.000000000000e+00
    flow_re_3_3_8  fsink_re_3   1.000000000000e+00
    flow_re_3_3_8  fkeep_re_3_8  -1.000000000000e+00
    flow_re_3_3_9  fcap_re_3_3_9   1.000000000000e+00
    flow_re_3_3_9  fsink_re_3   1.000000000000e+00
    flow_re_3_3_9  fkeep_re_3_9  -1.000000000000e+00
    flow_re_3_4_10  fcap_re_3_4_10   1.000000000000e+00
    flow_re_3_4_10  fkeep_re_3_4   1.000000000000e+00
    flow_re_3_4_10  fkeep_re_3_10  -1.000000000000e+00
    flow_re_3_4_2  fcap_re_3_4_2   1.000000000000e+00
    flow_re_3_4_2  fkeep_re_3_2  -1.000000000000e+00
    flow_re_3_4_2  fkeep_re_3_4   1.000000000000e+00
    flow_re_3_4_3  fcap_re_3_4_3   1.000000000000e+00
    flow_re_3_4_3  fsink_re_3  -1.000000000000e+00
    flow_re_3_4_3  fkeep_re_3_4   1.000000000000e+00
    flow_re_3_4_5  fcap_re_3_4_5   1.000000000000e+00
    flow_re_3_4_5  fkeep_re_3_4   1.000000000000e+00
    flow_re_3_4_5  fkeep_re_3_5  -1.000000000000e+00
    flow_re_3_4_7  fcap_re_3_4_7   1.000000000000e+00
    flow_re_3_4_7  fkeep_re_3_4   1.000000000000e+00
    flow_re_3_4_7  fkeep_re_3_7  -1.000000000000e+00
    flow_re_3_4_8  fcap_re_3_4_8   1.000000000000e+00
    flow_re_3_4_8  fkeep_re_3_4   1.000000000000e+00
    flow_re_3_4_8  fkeep_re_3_8  -1.000000000000e+00
    flow_re_3_4_9  fcap_re_3_4_9   1.000000000000e+00
    flow_re_3_4_9  fkeep_re_3_4   1.000000000000e+00
    flow_re_3_4_9  fkeep_re_3_9  -1.000000000000e+00
    flow_re_3_5_10  fcap_re_3_5_10   1.000000000000e+00
    flow_re_3_5_10  fkeep_re_3_5   1.000000000000e+00
    flow_re_3_5_10  fkeep_re_3_10  -1.000000000000e+00
    flow_re_3_5_2  fcap_re_3_5_2   1.000000000000e+00
    flow_re_3_5_2  fkeep_re_3_2  -1.000000000000e+00
    flow_re_3_5_2  fkeep_re_3_5   1.000000000000e+00
    flow_re_3_5_3  fcap_re_3_5_3   1.000000000000e+00
    flow_re_3_5_3  fsink_re_3  -1.000000000000e+00
    flow_re_3_5_3  fkeep_re_3_5   1.000000000000e+00
    flow_re_3_5_4  fcap_re_3_5_4   1.000000000000e+00
    flow_re_3_5_4  fkeep_re_3_4  -1.000000000000e+00
    flow_re_3_5_4  fkeep_re_3_5   1.000000000000e+00
    flow_re_3_5_7  fcap_re_3_5_7   1.000000000000e+00
    flow_re_3_5_7  fkeep_re_3_5   1.000000000000e+00
    flow_re_3_5_7  fkeep_re_3_7  -1.000000000000e+00
    flow_re_3_5_8  fcap_re_3_5_8   1.000000000000e+00
    flow_re_3_5_8  fkeep_re_3_5   1.000000000000e+00
    flow_re_3_5_8  fkeep_re_3_8  -1.000000000000e+00
    flow_re_3_5_9  fcap_re_3_5_9   1.000000000000e+00
    flow_re_3_5_9  fkeep_re_3_5   1.000000000000e+00
    flow_re_3_5_9  fkeep_re_3_9  -1.000000000000e+00
    flow_re_3_7_10  fcap_re_3_7_10   1.000000000000e+00
    flow_re_3_7_10  fkeep_re_3_7   1.000000000000e+00
    flow_re_3_7_10  fkeep_re_3_10  -1.000000000000e+00
    flow_re_3_7_2  fcap_re_3_7_2   1.000000000000e+00
    flow_re_3_7_2  fkeep_re_3_2  -1.000000000000e+00
    flow_re_3_7_2  fkeep_re_3_7   1.000000000000e+00
    flow_re_3_7_3  fcap_re_3_7_3   1.000000000000e+00
    flow_re_3_7_3  fsink_re_3  -1.000000000000e+00
    flow_re_3_7_3  fkeep_re_3_7   1.000000000000e+00
    flow_re_3_7_4  fcap_re_3_7_4   1.000000000000e+00
    flow_re_3_7_4  fkeep_re_3_4  -1.000000000000e+00
    flow_re_3_7_4  fkeep_re_3_7   1.000000000000e+00
    flow_re_3_7_5  fcap_re_3_7_5   1.000000000000e+00
    flow_re_3_7_5  fkeep_re_3_5  -1.000000000000e+00
    flow_re_3_7_5  fkeep_re_3_7   1.000000000000e+00
    flow_re_3_7_8  fcap_re_3_7_8   1.000000000000e+00
    flow_re_3_7_8  fkeep_re_3_7   1.000000000000e+00
    flow_re_3_7_8  fkeep_re_3_8  -1.000000000000e+00
    flow_re_3_7_9  fcap_re_3_7_9   1.000000000000e+00
    flow_re_3_7_9  fkeep_re_3_7   1.000000000000e+00
    flow_re_3_7_9  fkeep_re_3_9  -1.000000000000e+00
    flow_re_3_8_10  fcap_re_3_8_10   1.000000000000e+00
    flow_re_3_8_10  fkeep_re_3_8   1.000000000000e+00
    flow_re_3_8_10  fkeep_re_3_10  -1.000000000000e+00
    flow_re_3_8_2  fcap_re_3_8_2   1.000000000000e+00
    flow_re_3_8_2  fkeep_re_3_2  -1.000000000000e+00
    flow_re_3_8_2  fkeep_re_3_8   1.000000000000e+00
    flow_re_3_8_3  fcap_re_3_8_3   1.000000000000e+00
    flow_re_3_8_3  fsink_re_3  -1.000000000000e+00
    flow_re_3_8_3  fkeep_re_3_8   1.000000000000e+00
    flow_re_3_8_4  fcap_re_3_8_4   1.000000000000e+00
    flow_re_3_8_4  fkeep_re_3_4  -1.000000000000e+00
    flow_re_3_8_4  fkeep_re_3_8   1.000000000000e+00
    flow_re_3_8_5  fcap_re_3_8_5   1.000000000000e+00
    flow_re_3_8_5  fkeep_re_3_5  -1.000000000000e+00
    flow_re_3_8_5  fkeep_re_3_8   1.000000000000e+00
    flow_re_3_8_7  fcap_re_3_8_7   1.000000000000e+00
    flow_re_3_8_7  fkeep_re_3_7  -1.000000000000e+00
    flow_re_3_8_7  fkeep_re_3_8   1.000000000000e+00
    flow_re_3_8_9  fcap_re_3_8_9   1.000000000000e+00
    flow_re_3_8_9  fkeep_re_3_8   1.000000000000e+00
    flow_re_3_8_9  fkeep_re_3_9  -1.000000000000e+00
    flow_re_3_9_10  fcap_re_3_9_10   1.000000000000e+00
    flow_re_3_9_10  fkeep_re_3_9   1.000000000000e+00
    flow_re_3_9_10  fkeep_re_3_10  -1.000000000000e+00
    flow_re_3_9_2  fcap_re_3_9_2   1.000000000000e+00
    flow_re_3_9_2  fkeep_re_3_2  -1.000000000000e+00
    flow_re_3_9_2  fkeep_re_3_9   1.000000000000e+00
    flow_re_3_9_3  fcap_re_3_9_3   1.000000000000e+00
    flow_re_3_9_3  fsink_re_3  -1.000000000000e+00
    flow_re_3_9_3  fkeep_re_3_9   1.000000000000e+00
    flow_re_3_9_4  fcap_re_3_9_4   1.000000000000e+00
    flow_re_3_9_4  fkeep_re_3_4  -1.000000000000e+00
    flow_re_3_9_4  fkeep_re_3_9   1.000000000000e+00
    flow_re_3_9_5  fcap_re_3_9_5   1.000000000000e+00
    flow_re_3_9_5  fkeep_re_3_5  -1.000000000000e+00
    flow_re_3_9_5  fkeep_re_3_9   1.000000000000e+00
    flow_re_3_9_7  fcap_re_3_9_7   1.000000000000e+00
    flow_re_3_9_7  fkeep_re_3_7  -1.000000000000e+00
    flow_re_3_9_7  fkeep_re_3_9   1.000000000000e+00
    flow_re_3_9_8  fcap_re_3_9_8   1.000000000000e+00
    flow_re_3_9_8  fkeep_re_3_8  -1.000000000000e+00
    flow_re_3_9_8  fkeep_re_3_9   1.000000000000e+00
    flow_re_4_10_2  fcap_re_4_10_2   1.000000000000e+00
    flow_re_4_10_2  fkeep_re_4_2  -1.000000000000e+00
    flow_re_4_10_2  fkeep_re_4_10   1.000000000000e+00
    flow_re_4_10_3  fcap_re_4_10_3   1.000000000000e+00
    flow_re_4_10_3  fkeep_re_4_3  -1.000000000000e+00
    flow_re_4_10_3  fkeep_re_4_10   1.000000000000e+00
    flow_re_4_10_4  fcap_re_4_10_4   1.000000000000e+00
    flow_re_4_10_4  fsink_re_4  -1.000000000000e+00
    flow_re_4_10_4  fkeep_re_4_10   1.000000000000e+00
    flow_re_4_10_5  fcap_re_4_10_5   1.000000000000e+00
    flow_re_4_10_5  fkeep_re_4_5  -1.000000000000e+00
    flow_re_4_10_5  fkeep_re_4_10   1.000000000000e+00
    flow_re_4_10_7  fcap_re_4_10_7   1.000000000000e+00
    flow_re_4_10_7  fkeep_re_4_7  -1.000000000000e+00
    flow_re_4_10_7  fkeep_re_4_10   1.000000000000e+00
    flow_re_4_10_8  fcap_re_4_10_8   1.000000000000e+00
    flow_re_4_10_8  fkeep_re_4_8  -1.000000000000e+00
    flow_re_4_10_8  fkeep_re_4_10   1.000000000000e+00
    flow_re_4_10_9  fcap_re_4_10_9   1.000000000000e+00
    flow_re_4_10_9  fkeep_re_4_9  -1.000000000000e+00
    flow_re_4_10_9  fkeep_re_4_10   1.000000000000e+00
    flow_re_4_2_10  fcap_re_4_2_10   1.000000000000e+00
    flow_re_4_2_10  fkeep_re_4_2   1.000000000000e+00
    flow_re_4_2_10  fkeep_re_4_10  -1.000000000000e+00
    flow_re_4_2_3  fcap_re_4_2_3   1.000000000000e+00
    flow_re_4_2_3  fkeep_re_4_2   1.000000000000e+00
    flow_re_4_2_3  fkeep_re_4_3  -1.000000000000e+00
    flow_re_4_2_4  fcap_re_4_2_4   1.000000000000e+00
    flow_re_4_2_4  fkeep_re_4_2   1.000000000000e+00
    flow_re_4_2_4  fsink_re_4  -1.000000000000e+00
    flow_re_4_2_5  fcap_re_4_2_5   1.000000000000e+00
    flow_re_4_2_5  fkeep_re_4_2   1.000000000000e+00
    flow_re_4_2_5  fkeep_re_4_5  -1.000000000000e+00
    flow_re_4_2_7  fcap_re_4_2_7   1.000000000000e+00
    flow_re_4_2_7  fkeep_re_4_2   1.000000000000e+00
    flow_re_4_2_7  fkeep_re_4_7  -1.000000000000e+00
    flow_re_4_2_8  fcap_re_4_2_8   1.000000000000e+00
    flow_re_4_2_8  fkeep_re_4_2   1.000000000000e+00
    flow_re_4_2_8  fkeep_re_4_8  -1.000000000000e+00
    flow_re_4_2_9  fcap_re_4_2_9   1.000000000000e+00
    flow_re_4_2_9  fkeep_re_4_2   1.000000000000e+00
    flow_re_4_2_9  fkeep_re_4_9  -1.000000000000e+00
    flow_re_4_3_10  fcap_re_4_3_10   1.000000000000e+00
    flow_re_4_3_10  fkeep_re_4_3   1.000000000000e+00
    flow_re_4_3_10  fkeep_re_4_10  -1.000000000000e+00
    flow_re_4_3_2  fcap_re_4_3_2   1.000000000000e+00
    flow_re_4_3_2  fkeep_re_4_2  -1.000000000000e+00
    flow_re_4_3_2  fkeep_re_4_3   1.000000000000e+00
    flow_re_4_3_4  fcap_re_4_3_4   1.000000000000e+00
    flow_re_4_3_4  fkeep_re_4_3   1.000000000000e+00
    flow_re_4_3_4  fsink_re_4  -1.000000000000e+00
    flow_re_4_3_5  fcap_re_4_3_5   1.000000000000e+00
    flow_re_4_3_5  fkeep_re_4_3   1.000000000000e+00
    flow_re_4_3_5  fkeep_re_4_5  -1.000000000000e+00
    flow_re_4_3_7  fcap_re_4_3_7   1.000000000000e+00
    flow_re_4_3_7  fkeep_re_4_3   1.000000000000e+00
    flow_re_4_3_7  fkeep_re_4_7  -1.000000000000e+00
    flow_re_4_3_8  fcap_re_4_3_8   1.000000000000e+00
    flow_re_4_3_8  fkeep_re_4_3   1.000000000000e+00
    flow_re_4_3_8  fkeep_re_4_8  -1.000000000000e+00
    flow_re_4_3_9  fcap_re_4_3_9   1.000000000000e+00
    flow_re_4_3_9  fkeep_re_4_3   1.000000000000e+00
    flow_re_4_3_9  fkeep_re_4_9  -1.000000000000e+00
    flow_re_4_4_10  fcap_re_4_4_10   1.000000000000e+00
    flow_re_4_4_10  fsink_re_4   1.000000000000e+00
    flow_re_4_4_10  fkeep_re_4_10  -1.000000000000e+00
    flow_re_4_4_2  fcap_re_4_4_2   1.000000000000e+00
    flow_re_4_4_2  fkeep_re_4_2  -1.000000000000e+00
    flow_re_4_4_2  fsink_re_4   1.000000000000e+00
    flow_re_4_4_3  fcap_re_4_4_3   1.000000000000e+00
    flow_re_4_4_3  fkeep_re_4_3  -1.000000000000e+00
    flow_re_4_4_3  fsink_re_4   1.000000000000e+00
    flow_re_4_4_5  fcap_re_4_4_5   1.000000000000e+00
    flow_re_4_4_5  fsink_re_4   1.000000000000e+00
    flow_re_4_4_5  fkeep_re_4_5  -1.000000000000e+00
    flow_re_4_4_7  fcap_re_4_4_7   1.000000000000e+00
    flow_re_4_4_7  fsink_re_4   1.000000000000e+00
    flow_re_4_4_7  fkeep_re_4_7  -1.000000000000e+00
    flow_re_4_4_8  fcap_re_4_4_8   1.000000000000e+00
    flow_re_4_4_8  fsink_re_4   1.000000000000e+00
    flow_re_4_4_8  fkeep_re_4_8  -1.000000000000e+00
    flow_re_4_4_9  fcap_re_4_4_9   1.000000000000e+00
    flow_re_4_4_9  fsink_re_4   1.000000000000e+00
    flow_re_4_4_9  fkeep_re_4_9  -1.000000000000e+00
    flow_re_4_5_10  fcap_re_4_5_10   1.000000000000e+00
    flow_re_4_5_10  fkeep_re_4_5   1.000000000000e+00
    flow_re_4_5_10  fkeep_re_4_10  -1.000000000000e+00
    flow_re_4_5_2  fcap_re_4_5_2   1.000000000000e+00
    flow_re_4_5_2  fkeep_re_4_2  -1.000000000000e+00
    flow_re_4_5_2  fkeep_re_4_5   1.000000000000e+00
    flow_re_4_5_3  fcap_re_4_5_3   1.000000000000e+00
    flow_re_4_5_3  fkeep_re_4_3  -1.000000000000e+00
    flow_re_4_5_3  fkeep_re_4_5   1.000000000000e+00
    flow_re_4_5_4  fcap_re_4_5_4   1.000000000000e+00
    flow_re_4_5_4  fsink_re_4  -1.000000000000e+00
    flow_re_4_5_4  fkeep_re_4_5   1.000000000000e+00
    flow_re_4_5_7  fcap_re_4_5_7   1.000000000000e+00
    flow_re_4_5_7  fkeep_re_4_5   1.000000000000e+00
    flow_re_4_5_7  fkeep_re_4_7  -1.000000000000e+00
    flow_re_4_5_8  fcap_re_4_5_8   1.000000000000e+00
    flow_re_4_5_8  fkeep_re_4_5   1.000000000000e+00
    flow_re_4_5_8  fkeep_re_4_8  -1.000000000000e+00
    flow_re_4_5_9  fcap_re_4_5_9   1.000000000000e+00
    flow_re_4_5_9  fkeep_re_4_5   1.000000000000e+00
    flow_re_4_5_9  fkeep_re_4_9  -1.000000000000e+00
    flow_re_4_7_10  fcap_re_4_7_10   1.000000000000e+00
    flow_re_4_7_10  fkeep_re_4_7   1.000000000000e+00
    flow_re_4_7_10  fkeep_re_4_10  -1.000000000000e+00
    flow_re_4_7_2  fcap_re_4_7_2   1.000000000000e+00
    flow_re_4_7_2  fkeep_re_4_2  -1.000000000000e+00
    flow_re_4_7_2  fkeep_re_4_7   1.000000000000e+00
    flow_re_4_7_3  fcap_re_4_7_3   1.000000000000e+00
    flow_re_4_7_3  fkeep_re_4_3  -1.000000000000e+00
    flow_re_4_7_3  fkeep_re_4_7   1.000000000000e+00
    flow_re_4_7_4  fcap_re_4_7_4   1.000000000000e+00
    flow_re_4_7_4  fsink_re_4  -1.000000000000e+00
    flow_re_4_7_4  fkeep_re_4_7   1.000000000000e+00
    flow_re_4_7_5  fcap_re_4_7_5   1.000000000000e+00
    flow_re_4_7_5  fkeep_re_4_5  -1.000000000000e+00
    flow_re_4_7_5  fkeep_re_4_7   1.000000000000e+00
    flow_re_4_7_8  fcap_re_4_7_8   1.000000000000e+00
    flow_re_4_7_8  fkeep_re_4_7   1.000000000000e+00
    flow_re_4_7_8  fkeep_re_4_8  -1.000000000000e+00
    flow_re_4_7_9  fcap_re_4_7_9   1.000000000000e+00
    flow_re_4_7_9  fkeep_re_4_7   1.000000000000e+00
    flow_re_4_7_9  fkeep_re_4_9  -1.000000000000e+00
    flow_re_4_8_10  fcap_re_4_8_10   1.000000000000e+00
    flow_re_4_8_10  fkeep_re_4_8   1.000000000000e+00
    flow_re_4_8_10  fkeep_re_4_10  -1.000000000000e+00
    flow_re_4_8_2  fcap_re_4_8_2   1.000000000000e+00
    flow_re_4_8_2  fkeep_re_4_2  -1.000000000000e+00
    flow_re_4_8_2  fkeep_re_4_8   1.000000000000e+00
    flow_re_4_8_3  fcap_re_4_8_3   1.000000000000e+00
    flow_re_4_8_3  fkeep_re_4_3  -1.000000000000e+00
    flow_re_4_8_3  fkeep_re_4_8   1.000000000000e+00
    flow_re_4_8_4  fcap_re_4_8_4   1.000000000000e+00
    flow_re_4_8_4  fsink_re_4  -1.000000000000e+00
    flow_re_4_8_4  fkeep_re_4_8   1.000000000000e+00
    flow_re_4_8_5  fcap_re_4_8_5   1.000000000000e+00
    flow_re_4_8_5  fkeep_re_4_5  -1.000000000000e+00
    flow_re_4_8_5  fkeep_re_4_8   1.000000000000e+00
    flow_re_4_8_7  fcap_re_4_8_7   1.000000000000e+00
    flow_re_4_8_7  fkeep_re_4_7  -1.000000000000e+00
    flow_re_4_8_7  fkeep_re_4_8   1.000000000000e+00
    flow_re_4_8_9  fcap_re_4_8_9   1.000000000000e+00
    flow_re_4_8_9  fkeep_re_4_8   1.000000000000e+00
    flow_re_4_8_9  fkeep_re_4_9  -1.000000000000e+00
    flow_re_4_9_10  fcap_re_4_9_10   1.000000000000e+00
    flow_re_4_9_10  fkeep_re_4_9   1.000000000000e+00
    flow_re_4_9_10  fkeep_re_4_10  -1.000000000000e+00
    flow_re_4_9_2  fcap_re_4_9_2   1.000000000000e+00
    flow_re_4_9_2  fkeep_re_4_2  -1.000000000000e+00
    flow_re_4_9_2  fkeep_re_4_9   1.000000000000e+00
    flow_re_4_9_3  fcap_re_4_9_3   1.000000000000e+00
    flow_re_4_9_3  fkeep_re_4_3  -1.000000000000e+00
    flow_re_4_9_3  fkeep_re_4_9   1.000000000000e+00
    flow_re_4_9_4  fcap_re_4_9_4   1.000000000000e+00
    flow_re_4_9_4  fsink_re_4  -1.000000000000e+00
    flow_re_4_9_4  fkeep_re_4_9   1.000000000000e+00
    flow_re_4_9_5  fcap_re_4_9_5   1.000000000000e+00
    flow_re_4_9_5  fkeep_re_4_5  -1.000000000000e+00
    flow_re_4_9_5  fkeep_re_4_9   1.000000000000e+00
    flow_re_4_9_7  fcap_re_4_9_7   1.000000000000e+00
    flow_re_4_9_7  fkeep_re_4_7  -1.000000000000e+00
    flow_re_4_9_7  fkeep_re_4_9   1.000000000000e+00
    flow_re_4_9_8  fcap_re_4_9_8   1.000000000000e+00
    flow_re_4_9_8  fkeep_re_4_8  -1.000000000000e+00
    flow_re_4_9_8  fkeep_re_4_9   1.000000000000e+00
    flow_re_5_10_2  fcap_re_5_10_2   1.000000000000e+00
    flow_re_5_10_2  fkeep_re_5_2  -1.000000000000e+00
    flow_re_5_10_2  fkeep_re_5_10   1.000000000000e+00
    flow_re_5_10_3  fcap_re_5_10_3   1.000000000000e+00
    flow_re_5_10_3  fkeep_re_5_3  -1.000000000000e+00
    flow_re_5_10_3  fkeep_re_5_10   1.000000000000e+00
    flow_re_5_10_4  fcap_re_5_10_4   1.000000000000e+00
    flow_re_5_10_4  fkeep_re_5_4  -1.000000000000e+00
    flow_re_5_10_4  fkeep_re_5_10   1.000000000000e+00
    flow_re_5_10_5  fcap_re_5_10_5   1.000000000000e+00
    flow_re_5_10_5  fsink_re_5  -1.000000000000e+00
    flow_re_5_10_5  fkeep_re_5_10   1.000000000000e+00
    flow_re_5_10_7  fcap_re_5_10_7   1.000000000000e+00
    flow_re_5_10_7  fkeep_re_5_7  -1.000000000000e+00
    flow_re_5_10_7  fkeep_re_5_10   1.000000000000e+00
    flow_re_5_10_8  fcap_re_5_10_8   1.000000000000e+00
    flow_re_5_10_8  fkeep_re_5_8  -1.000000000000e+00
    flow_re_5_10_8  fkeep_re_5_10   1.000000000000e+00
    flow_re_5_10_9  fcap_re_5_10_9   1.000000000000e+00
    flow_re_5_10_9  fkeep_re_5_9  -1.000000000000e+00
    flow_re_5_10_9  fkeep_re_5_10   1.000000000000e+00
    flow_re_5_2_10  fcap_re_5_2_10   1.000000000000e+00
    flow_re_5_2_10  fkeep_re_5_2   1.000000000000e+00
    flow_re_5_2_10  fkeep_re_5_10  -1.000000000000e+00
    flow_re_5_2_3  fcap_re_5_2_3   1.000000000000e+00
    flow_re_5_2_3  fkeep_re_5_2   1.000000000000e+00
    flow_re_5_2_3  fkeep_re_5_3  -1.000000000000e+00
    flow_re_5_2_4  fcap_re_5_2_4   1.000000000000e+00
    flow_re_5_2_4  fkeep_re_5_2   1.000000000000e+00
    flow_re_5_2_4  fkeep_re_5_4  -1.000000000000e+00
    flow_re_5_2_5  fcap_re_5_2_5   1.000000000000e+00
    flow_re_5_2_5  fkeep_re_5_2   1.000000000000e+00
    flow_re_5_2_5  fsink_re_5  -1.000000000000e+00
    flow_re_5_2_7  fcap_re_5_2_7   1.000000000000e+00
    flow_re_5_2_7  fkeep_re_5_2   1.000000000000e+00
    flow_re_5_2_7  fkeep_re_5_7  -1.000000000000e+00
    flow_re_5_2_8  fcap_re_5_2_8   1.000000000000e+00
    flow_re_5_2_8  fkeep_re_5_2   1.000000000000e+00
    flow_re_5_2_8  fkeep_re_5_8  -1.000000000000e+00
    flow_re_5_2_9  fcap_re_5_2_9   1.000000000000e+00
    flow_re_5_2_9  fkeep_re_5_2   1.000000000000e+00
    flow_re_5_2_9  fkeep_re_5_9  -1.000000000000e+00
    flow_re_5_3_10  fcap_re_5_3_10   1.000000000000e+00
    flow_re_5_3_10  fkeep_re_5_3   1.000000000000e+00
    flow_re_5_3_10  fkeep_re_5_10  -1.000000000000e+00
    flow_re_5_3_2  fcap_re_5_3_2   1.000000000000e+00
    flow_re_5_3_2  fkeep_re_5_2  -1.000000000000e+00
    flow_re_5_3_2  fkeep_re_5_3   1.000000000000e+00
    flow_re_5_3_4  fcap_re_5_3_4   1.000000000000e+00
    flow_re_5_3_4  fkeep_re_5_3   1.000000000000e+00
    flow_re_5_3_4  fkeep_re_5_4  -1.000000000000e+00
    flow_re_5_3_5  fcap_re_5_3_5   1.000000000000e+00
    flow_re_5_3_5  fkeep_re_5_3   1.000000000000e+00
    flow_re_5_3_5  fsink_re_5  -1.000000000000e+00
    flow_re_5_3_7  fcap_re_5_3_7   1.000000000000e+00
    flow_re_5_3_7  fkeep_re_5_3   1.000000000000e+00
    flow_re_5_3_7  fkeep_re_5_7  -1.000000000000e+00
    flow_re_5_3_8  fcap_re_5_3_8   1.000000000000e+00
    flow_re_5_3_8  fkeep_re_5_3   1.000000000000e+00
    flow_re_5_3_8  fkeep_re_5_8  -1.000000000000e+00
    flow_re_5_3_9  fcap_re_5_3_9   1.000000000000e+00
    flow_re_5_3_9  fkeep_re_5_3   1.000000000000e+00
    flow_re_5_3_9  fkeep_re_5_9  -1.000000000000e+00
    flow_re_5_4_10  fcap_re_5_4_10   1.000000000000e+00
    flow_re_5_4_10  fkeep_re_5_4   1.000000000000e+00
    flow_re_5_4_10  fkeep_re_5_10  -1.000000000000e+00
    flow_re_5_4_2  fcap_re_5_4_2   1.000000000000e+00
    flow_re_5_4_2  fkeep_re_5_2  -1.000000000000e+00
    flow_re_5_4_2  fkeep_re_5_4   1.000000000000e+00
    flow_re_5_4_3  fcap_re_5_4_3   1.000000000000e+00
    flow_re_5_4_3  fkeep_re_5_3  -1.000000000000e+00
    flow_re_5_4_3  fkeep_re_5_4   1.000000000000e+00
    flow_re_5_4_5  fcap_re_5_4_5   1.000000000000e+00
    flow_re_5_4_5  fkeep_re_5_4   1.000000000000e+00
    flow_re_5_4_5  fsink_re_5  -1.000000000000e+00
    flow_re_5_4_7  fcap_re_5_4_7   1.000000000000e+00
    flow_re_5_4_7  fkeep_re_5_4   1.000000000000e+00
    flow_re_5_4_7  fkeep_re_5_7  -1.000000000000e+00
    flow_re_5_4_8  fcap_re_5_4_8   1.000000000000e+00
    flow_re_5_4_8  fkeep_re_5_4   1.000000000000e+00
    flow_re_5_4_8  fkeep_re_5_8  -1.000000000000e+00
    flow_re_5_4_9  fcap_re_5_4_9   1.000000000000e+00
    flow_re_5_4_9  fkeep_re_5_4   1.000000000000e+00
    flow_re_5_4_9  fkeep_re_5_9  -1.000000000000e+00
    flow_re_5_5_10  fcap_re_5_5_10   1.000000000000e+00
    flow_re_5_5_10  fsink_re_5   1.000000000000e+00
    flow_re_5_5_10  fkeep_re_5_10  -1.000000000000e+00
    flow_re_5_5_2  fcap_re_5_5_2   1.000000000000e+00
    flow_re_5_5_2  fkeep_re_5_2  -1.000000000000e+00
    flow_re_5_5_2  fsink_re_5   1.000000000000e+00
    flow_re_5_5_3  fcap_re_5_5_3   1.000000000000e+00
    flow_re_5_5_3  fkeep_re_5_3  -1.000000000000e+00
    flow_re_5_5_3  fsink_re_5   1.000000000000e+00
    flow_re_5_5_4  fcap_re_5_5_4   1.000000000000e+00
    flow_re_5_5_4  fkeep_re_5_4  -1.000000000000e+00
    flow_re_5_5_4  fsink_re_5   1.000000000000e+00
    flow_re_5_5_7  fcap_re_5_5_7   1.000000000000e+00
    flow_re_5_5_7  fsink_re_5   1.000000000000e+00
    flow_re_5_5_7  fkeep_re_5_7  -1.000000000000e+00
    flow_re_5_5_8  fcap_re_5_5_8   1.000000000000e+00
    flow_re_5_5_8  fsink_re_5   1.000000000000e+00
    flow_re_5_5_8  fkeep_re_5_8  -1.000000000000e+00
    flow_re_5_5_9  fcap_re_5_5_9   1.000000000000e+00
    flow_re_5_5_9  fsink_re_5   1.000000000000e+00
    flow_re_5_5_9  fkeep_re_5_9  -1.000000000000e+00
    flow_re_5_7_10  fcap_re_5_7_10   1.000000000000e+00
    flow_re_5_7_10  fkeep_re_5_7   1.000000000000e+00
    flow_re_5_7_10  fkeep_re_5_10  -1.000000000000e+00
    flow_re_5_7_2  fcap_re_5_7_2   1.000000000000e+00
    flow_re_5_7_2  fkeep_re_5_2  -1.000000000000e+00
    flow_re_5_7_2  fkeep_re_5_7   1.000000000000e+00
    flow_re_5_7_3  fcap_re_5_7_3   1.000000000000e+00
    flow_re_5_7_3  fkeep_re_5_3  -1.000000000000e+00
    flow_re_5_7_3  fkeep_re_5_7   1.000000000000e+00
    flow_re_5_7_4  fcap_re_5_7_4   1.000000000000e+00
    flow_re_5_7_4  fkeep_re_5_4  -1.000000000000e+00
    flow_re_5_7_4  fkeep_re_5_7   1.000000000000e+00
    flow_re_5_7_5  fcap_re_5_7_5   1.000000000000e+00
    flow_re_5_7_5  fsink_re_5  -1.000000000000e+00
    flow_re_5_7_5  fkeep_re_5_7   1.000000000000e+00
    flow_re_5_7_8  fcap_re_5_7_8   1.000000000000e+00
    flow_re_5_7_8  fkeep_re_5_7   1.000000000000e+00
    flow_re_5_7_8  fkeep_re_5_8  -1.000000000000e+00
    flow_re_5_7_9  fcap_re_5_7_9   1.000000000000e+00
    flow_re_5_7_9  fkeep_re_5_7   1.000000000000e+00
    flow_re_5_7_9  fkeep_re_5_9  -1.000000000000e+00
    flow_re_5_8_10  fcap_re_5_8_10   1.000000000000e+00
    flow_re_5_8_10  fkeep_re_5_8   1.000000000000e+00
    flow_re_5_8_10  fkeep_re_5_10  -1.000000000000e+00
    flow_re_5_8_2  fcap_re_5_8_2   1.000000000000e+00
    flow_re_5_8_2  fkeep_re_5_2  -1.000000000000e+00
    flow_re_5_8_2  fkeep_re_5_8   1.000000000000e+00
    flow_re_5_8_3  fcap_re_5_8_3   1.000000000000e+00
    flow_re_5_8_3  fkeep_re_5_3  -1.000000000000e+00
    flow_re_5_8_3  fkeep_re_5_8   1.000000000000e+00
    flow_re_5_8_4  fcap_re_5_8_4   1.000000000000e+00
    flow_re_5_8_4  fkeep_re_5_4  -1.000000000000e+00
    flow_re_5_8_4  fkeep_re_5_8   1.000000000000e+00
    flow_re_5_8_5  fcap_re_5_8_5   1.000000000000e+00
    flow_re_5_8_5  fsink_re_5  -1.000000000000e+00
    flow_re_5_8_5  fkeep_re_5_8   1.000000000000e+00
    flow_re_5_8_7  fcap_re_5_8_7   1.000000000000e+00
    flow_re_5_8_7  fkeep_re_5_7  -1.000000000000e+00
    flow_re_5_8_7  fkeep_re_5_8   1.000000000000e+00
    flow_re_5_8_9  fcap_re_5_8_9   1.000000000000e+00
    flow_re_5_8_9  fkeep_re_5_8   1.000000000000e+00
    flow_re_5_8_9  fkeep_re_5_9  -1.000000000000e+00
    flow_re_5_9_10  fcap_re_5_9_10   1.000000000000e+00
    flow_re_5_9_10  fkeep_re_5_9   1.000000000000e+00
    flow_re_5_9_10  fkeep_re_5_10  -1.000000000000e+00
    flow_re_5_9_2  fcap_re_5_9_2   1.000000000000e+00
    flow_re_5_9_2  fkeep_re_5_2  -1.000000000000e+00
    flow_re_5_9_2  fkeep_re_5_9   1.000000000000e+00
    flow_re_5_9_3  fcap_re_5_9_3   1.000000000000e+00
    flow_re_5_9_3  fkeep_re_5_3  -1.000000000000e+00
    flow_re_5_9_3  fkeep_re_5_9   1.000000000000e+00
    flow_re_5_9_4  fcap_re_5_9_4   1.000000000000e+00
    flow_re_5_9_4  fkeep_re_5_4  -1.000000000000e+00
    flow_re_5_9_4  fkeep_re_5_9   1.000000000000e+00
    flow_re_5_9_5  fcap_re_5_9_5   1.000000000000e+00
    flow_re_5_9_5  fsink_re_5  -1.000000000000e+00
    flow_re_5_9_5  fkeep_re_5_9   1.000000000000e+00
    flow_re_5_9_7  fcap_re_5_9_7   1.000000000000e+00
    flow_re_5_9_7  fkeep_re_5_7  -1.000000000000e+00
    flow_re_5_9_7  fkeep_re_5_9   1.000000000000e+00
    flow_re_5_9_8  fcap_re_5_9_8   1.000000000000e+00
    flow_re_5_9_8  fkeep_re_5_8  -1.000000000000e+00
    flow_re_5_9_8  fkeep_re_5_9   1.000000000000e+00
    flow_re_7_10_2  fcap_re_7_10_2   1.000000000000e+00
    flow_re_7_10_2  fkeep_re_7_2  -1.000000000000e+00
    flow_re_7_10_2  fkeep_re_7_10   1.000000000000e+00
    flow_re_7_10_3  fcap_re_7_10_3   1.000000000000e+00
    flow_re_7_10_3  fkeep_re_7_3  -1.000000000000e+00
    flow_re_7_10_3  fkeep_re_7_10   1.000000000000e+00
    flow_re_7_10_4  fcap_re_7_10_4   1.000000000000e+00
    flow_re_7_10_4  fkeep_re_7_4  -1.000000000000e+00
    flow_re_7_10_4  fkeep_re_7_10   1.000000000000e+00
    flow_re_7_10_5  fcap_re_7_10_5   1.000000000000e+00
    flow_re_7_10_5  fkeep_re_7_5  -1.000000000000e+00
    flow_re_7_10_5  fkeep_re_7_10   1.000000000000e+00
    flow_re_7_10_7  fcap_re_7_10_7   1.000000000000e+00
    flow_re_7_10_7  fsink_re_7  -1.000000000000e+00
    flow_re_7_10_7  fkeep_re_7_10   1.000000000000e+00
    flow_re_7_10_8  fcap_re_7_10_8   1.000000000000e+00
    flow_re_7_10_8  fkeep_re_7_8  -1.000000000000e+00
    flow_re_7_10_8  fkeep_re_7_10   1.000000000000e+00
    flow_re_7_10_9  fcap_re_7_10_9   1.000000000000e+00
    flow_re_7_10_9  fkeep_re_7_9  -1.000000000000e+00
    flow_re_7_10_9  fkeep_re_7_10   1.000000000000e+00
    flow_re_7_2_10  fcap_re_7_2_10   1.000000000000e+00
    flow_re_7_2_10  fkeep_re_7_2   1.000000000000e+00
    flow_re_7_2_10  fkeep_re_7_10  -1.000000000000e+00
    flow_re_7_2_3  fcap_re_7_2_3   1.000000000000e+00
    flow_re_7_2_3  fkeep_re_7_2   1.000000000000e+00
    flow_re_7_2_3  fkeep_re_7_3  -1.000000000000e+00
    flow_re_7_2_4  fcap_re_7_2_4   1.000000000000e+00
    flow_re_7_2_4  fkeep_re_7_2   1.000000000000e+00
    flow_re_7_2_4  fkeep_re_7_4  -1.000000000000e+00
    flow_re_7_2_5  fcap_re_7_2_5   1.000000000000e+00
    flow_re_7_2_5  fkeep_re_7_2   1.000000000000e+00
    flow_re_7_2_5  fkeep_re_7_5  -1.000000000000e+00
    flow_re_7_2_7  fcap_re_7_2_7   1.000000000000e+00
    flow_re_7_2_7  fkeep_re_7_2   1.000000000000e+00
    flow_re_7_2_7  fsink_re_7  -1.000000000000e+00
    flow_re_7_2_8  fcap_re_7_2_8   1.000000000000e+00
    flow_re_7_2_8  fkeep_re_7_2   1.000000000000e+00
    flow_re_7_2_8  fkeep_re_7_8  -1.000000000000e+00
    flow_re_7_2_9  fcap_re_7_2_9   1.000000000000e+00
    flow_re_7_2_9  fkeep_re_7_2   1.000000000000e+00
    flow_re_7_2_9  fkeep_re_7_9  -1.000000000000e+00
    flow_re_7_3_10  fcap_re_7_3_10   1.000000000000e+00
    flow_re_7_3_10  fkeep_re_7_3   1.000000000000e+00
    flow_re_7_3_10  fkeep_re_7_10  -1.000000000000e+00
    flow_re_7_3_2  fcap_re_7_3_2   1.000000000000e+00
    flow_re_7_3_2  fkeep_re_7_2  -1.000000000000e+00
    flow_re_7_3_2  fkeep_re_7_3   1.000000000000e+00
    flow_re_7_3_4  fcap_re_7_3_4   1.000000000000e+00
    flow_re_7_3_4  fkeep_re_7_3   1.000000000000e+00
    flow_re_7_3_4  fkeep_re_7_4  -1.000000000000e+00
    flow_re_7_3_5  fcap_re_7_3_5   1.000000000000e+00
    flow_re_7_3_5  fkeep_re_7_3   1.000000000000e+00
    flow_re_7_3_5  fkeep_re_7_5  -1.000000000000e+00
    flow_re_7_3_7  fcap_re_7_3_7   1.000000000000e+00
    flow_re_7_3_7  fkeep_re_7_3   1.000000000000e+00
    flow_re_7_3_7  fsink_re_7  -1.000000000000e+00
    flow_re_7_3_8  fcap_re_7_3_8   1.000000000000e+00
    flow_re_7_3_8  fkeep_re_7_3   1.000000000000e+00
    flow_re_7_3_8  fkeep_re_7_8  -1.000000000000e+00
    flow_re_7_3_9  fcap_re_7_3_9   1.000000000000e+00
    flow_re_7_3_9  fkeep_re_7_3   1.000000000000e+00
    flow_re_7_3_9  fkeep_re_7_9  -1.000000000000e+00
    flow_re_7_4_10  fcap_re_7_4_10   1.000000000000e+00
    flow_re_7_4_10  fkeep_re_7_4   1.000000000000e+00
    flow_re_7_4_10  fkeep_re_7_10  -1.000000000000e+00
    flow_re_7_4_2  fcap_re_7_4_2   1.000000000000e+00
    flow_re_7_4_2  fkeep_re_7_2  -1.000000000000e+00
    flow_re_7_4_2  fkeep_re_7_4   1.000000000000e+00
    flow_re_7_4_3  fcap_re_7_4_3   1.000000000000e+00
    flow_re_7_4_3  fkeep_re_7_3  -1.000000000000e+00
    flow_re_7_4_3  fkeep_re_7_4   1.000000000000e+00
    flow_re_7_4_5  fcap_re_7_4_5   1.000000000000e+00
    flow_re_7_4_5  fkeep_re_7_4   1.000000000000e+00
    flow_re_7_4_5  fkeep_re_7_5  -1.000000000000e+00
    flow_re_7_4_7  fcap_re_7_4_7   1.000000000000e+00
    flow_re_7_4_7  fkeep_re_7_4   1.000000000000e+00
    flow_re_7_4_7  fsink_re_7  -1.000000000000e+00
    flow_re_7_4_8  fcap_re_7_4_8   1.000000000000e+00
    flow_re_7_4_8  fkeep_re_7_4   1.000000000000e+00
    flow_re_7_4_8  fkeep_re_7_8  -1.000000000000e+00
    flow_re_7_4_9  fcap_re_7_4_9   1.000000000000e+00
    flow_re_7_4_9  fkeep_re_7_4   1.000000000000e+00
    flow_re_7_4_9  fkeep_re_7_9  -1.000000000000e+00
    flow_re_7_5_10  fcap_re_7_5_10   1.000000000000e+00
    flow_re_7_5_10  fkeep_re_7_5   1.000000000000e+00
    flow_re_7_5_10  fkeep_re_7_10  -1.000000000000e+00
    flow_re_7_5_2  fcap_re_7_5_2   1.000000000000e+00
    flow_re_7_5_2  fkeep_re_7_2  -1.000000000000e+00
    flow_re_7_5_2  fkeep_re_7_5   1.000000000000e+00
    flow_re_7_5_3  fcap_re_7_5_3   1.000000000000e+00
    flow_re_7_5_3  fkeep_re_7_3  -1.000000000000e+00
    flow_re_7_5_3  fkeep_re_7_5   1.000000000000e+00
    flow_re_7_5_4  fcap_re_7_5_4   1.000000000000e+00
    flow_re_7_5_4  fkeep_re_7_4  -1.000000000000e+00
    flow_re_7_5_4  fkeep_re_7_5   1.000000000000e+00
    flow_re_7_5_7  fcap_re_7_5_7   1.000000000000e+00
    flow_re_7_5_7  fkeep_re_7_5   1.000000000000e+00
    flow_re_7_5_7  fsink_re_7  -1.000000000000e+00
    flow_re_7_5_8  fcap_re_7_5_8   1.000000000000e+00
    flow_re_7_5_8  fkeep_re_7_5   1.000000000000e+00
    flow_re_7_5_8  fkeep_re_7_8  -1.000000000000e+00
    flow_re_7_5_9  fcap_re_7_5_9   1.000000000000e+00
    flow_re_7_5_9  fkeep_re_7_5   1.000000000000e+00
    flow_re_7_5_9  fkeep_re_7_9  -1.000000000000e+00
    flow_re_7_7_10  fcap_re_7_7_10   1.000000000000e+00
    flow_re_7_7_10  fsink_re_7   1.000000000000e+00
    flow_re_7_7_10  fkeep_re_7_10  -1.000000000000e+00
    flow_re_7_7_2  fcap_re_7_7_2   1.000000000000e+00
    flow_re_7_7_2  fkeep_re_7_2  -1.000000000000e+00
    flow_re_7_7_2  fsink_re_7   1.000000000000e+00
    flow_re_7_7_3  fcap_re_7_7_3   1.000000000000e+00
    flow_re_7_7_3  fkeep_re_7_3  -1.000000000000e+00
    flow_re_7_7_3  fsink_re_7   1.000000000000e+00
    flow_re_7_7_4  fcap_re_7_7_4   1.000000000000e+00
    flow_re_7_7_4  fkeep_re_7_4  -1.000000000000e+00
    flow_re_7_7_4  fsink_re_7   1.000000000000e+00
    flow_re_7_7_5  fcap_re_7_7_5   1.000000000000e+00
    flow_re_7_7_5  fkeep_re_7_5  -1.000000000000e+00
    flow_re_7_7_5  fsink_re_7   1.000000000000e+00
    flow_re_7_7_8  fcap_re_7_7_8   1.000000000000e+00
    flow_re_7_7_8  fsink_re_7   1.000000000000e+00
    flow_re_7_7_8  fkeep_re_7_8  -1.000000000000e+00
    flow_re_7_7_9  fcap_re_7_7_9   1.000000000000e+00
    flow_re_7_7_9  fsink_re_7   1.000000000000e+00
    flow_re_7_7_9  fkeep_re_7_9  -1.000000000000e+00
    flow_re_7_8_10  fcap_re_7_8_10   1.000000000000e+00
    flow_re_7_8_10  fkeep_re_7_8   1.000000000000e+00
    flow_re_7_8_10  fkeep_re_7_10  -1.000000000000e+00
    flow_re_7_8_2  fcap_re_7_8_2   1.000000000000e+00
    flow_re_7_8_2  fkeep_re_7_2  -1.000000000000e+00
    flow_re_7_8_2  fkeep_re_7_8   1.000000000000e+00
    flow_re_7_8_3  fcap_re_7_8_3   1.000000000000e+00
    flow_re_7_8_3  fkeep_re_7_3  -1.000000000000e+00
    flow_re_7_8_3  fkeep_re_7_8   1.000000000000e+00
    flow_re_7_8_4  fcap_re_7_8_4   1.000000000000e+00
    flow_re_7_8_4  fkeep_re_7_4  -1.000000000000e+00
    flow_re_7_8_4  fkeep_re_7_8   1.000000000000e+00
    flow_re_7_8_5  fcap_re_7_8_5   1.000000000000e+00
    flow_re_7_8_5  fkeep_re_7_5  -1.000000000000e+00
    flow_re_7_8_5  fkeep_re_7_8   1.000000000000e+00
    flow_re_7_8_7  fcap_re_7_8_7   1.000000000000e+00
    flow_re_7_8_7  fsink_re_7  -1.000000000000e+00
    flow_re_7_8_7  fkeep_re_7_8   1.000000000000e+00
    flow_re_7_8_9  fcap_re_7_8_9   1.000000000000e+00
    flow_re_7_8_9  fkeep_re_7_8   1.000000000000e+00
    flow_re_7_8_9  fkeep_re_7_9  -1.000000000000e+00
    flow_re_7_9_10  fcap_re_7_9_10   1.000000000000e+00
    flow_re_7_9_10  fkeep_re_7_9   1.000000000000e+00
    flow_re_7_9_10  fkeep_re_7_10  -1.000000000000e+00
    flow_re_7_9_2  fcap_re_7_9_2   1.000000000000e+00
    flow_re_7_9_2  fkeep_re_7_2  -1.000000000000e+00
    flow_re_7_9_2  fkeep_re_7_9   1.000000000000e+00
    flow_re_7_9_3  fcap_re_7_9_3   1.000000000000e+00
    flow_re_7_9_3  fkeep_re_7_3  -1.000000000000e+00
    flow_re_7_9_3  fkeep_re_7_9   1.000000000000e+00
    flow_re_7_9_4  fcap_re_7_9_4   1.000000000000e+00
    flow_re_7_9_4  fkeep_re_7_4  -1.000000000000e+00
    flow_re_7_9_4  fkeep_re_7_9   1.000000000000e+00
    flow_re_7_9_5  fcap_re_7_9_5   1.000000000000e+00
    flow_re_7_9_5  fkeep_re_7_5  -1.000000000000e+00
    flow_re_7_9_5  fkeep_re_7_9   1.000000000000e+00
    flow_re_7_9_7  fcap_re_7_9_7   1.000000000000e+00
    flow_re_7_9_7  fsink_re_7  -1.000000000000e+00
    flow_re_7_9_7  fkeep_re_7_9   1.000000000000e+00
    flow_re_7_9_8  fcap_re_7_9_8   1.000000000000e+00
    flow_re_7_9_8  fkeep_re_7_8  -1.000000000000e+00
    flow_re_7_9_8  fkeep_re_7_9   1.000000000000e+00
    flow_re_8_10_2  fcap_re_8_10_2   1.000000000000e+00
    flow_re_8_10_2  fkeep_re_8_2  -1.000000000000e+00
    flow_re_8_10_2  fkeep_re_8_10   1.000000000000e+00
    flow_re_8_10_3  fcap_re_8_10_3   1.000000000000e+00
    flow_re_8_10_3  fkeep_re_8_3  -1.000000000000e+00
    flow_re_8_10_3  fkeep_re_8_10   1.000000000000e+00
    flow_re_8_10_4  fcap_re_8_10_4   1.000000000000e+00
    flow_re_8_10_4  fkeep_re_8_4  -1.000000000000e+00
    flow_re_8_10_4  fkeep_re_8_10   1.000000000000e+00
    flow_re_8_10_5  fcap_re_8_10_5   1.000000000000e+00
    flow_re_8_10_5  fkeep_re_8_5  -1.000000000000e+00
    flow_re_8_10_5  fkeep_re_8_10   1.000000000000e+00
    flow_re_8_10_7  fcap_re_8_10_7   1.000000000000e+00
    flow_re_8_10_7  fkeep_re_8_7  -1.000000000000e+00
    flow_re_8_10_7  fkeep_re_8_10   1.000000000000e+00
    flow_re_8_10_8  fcap_re_8_10_8   1.000000000000e+00
    flow_re_8_10_8  fsink_re_8  -1.000000000000e+00
    flow_re_8_10_8  fkeep_re_8_10   1.000000000000e+00
    flow_re_8_10_9  fcap_re_8_10_9   1.000000000000e+00
    flow_re_8_10_9  fkeep_re_8_9  -1.000000000000e+00
    flow_re_8_10_9  fkeep_re_8_10   1.000000000000e+00
    flow_re_8_2_10  fcap_re_8_2_10   1.000000000000e+00
    flow_re_8_2_10  fkeep_re_8_2   1.000000000000e+00
    flow_re_8_2_10  fkeep_re_8_10  -1.000000000000e+00
    flow_re_8_2_3  fcap_re_8_2_3   1.000000000000e+00
    flow_re_8_2_3  fkeep_re_8_2   1.000000000000e+00
    flow_re_8_2_3  fkeep_re_8_3  -1.000000000000e+00
    flow_re_8_2_4  fcap_re_8_2_4   1.000000000000e+00
    flow_re_8_2_4  fkeep_re_8_2   1.000000000000e+00
    flow_re_8_2_4  fkeep_re_8_4  -1.000000000000e+00
    flow_re_8_2_5  fcap_re_8_2_5   1.000000000000e+00
    flow_re_8_2_5  fkeep_re_8_2   1.000000000000e+00
    flow_re_8_2_5  fkeep_re_8_5  -1.000000000000e+00
    flow_re_8_2_7  fcap_re_8_2_7   1.000000000000e+00
    flow_re_8_2_7  fkeep_re_8_2   1.000000000000e+00
    flow_re_8_2_7  fkeep_re_8_7  -1.000000000000e+00
    flow_re_8_2_8  fcap_re_8_2_8   1.000000000000e+00
    flow_re_8_2_8  fkeep_re_8_2   1.000000000000e+00
    flow_re_8_2_8  fsink_re_8  -1.000000000000e+00
    flow_re_8_2_9  fcap_re_8_2_9   1.000000000000e+00
    flow_re_8_2_9  fkeep_re_8_2   1.000000000000e+00
    flow_re_8_2_9  fkeep_re_8_9  -1.000000000000e+00
    flow_re_8_3_10  fcap_re_8_3_10   1.000000000000e+00
    flow_re_8_3_10  fkeep_re_8_3   1.000000000000e+00
    flow_re_8_3_10  fkeep_re_8_10  -1.000000000000e+00
    flow_re_8_3_2  fcap_re_8_3_2   1.000000000000e+00
    flow_re_8_3_2  fkeep_re_8_2  -1.000000000000e+00
    flow_re_8_3_2  fkeep_re_8_3   1.000000000000e+00
    flow_re_8_3_4  fcap_re_8_3_4   1.000000000000e+00
    flow_re_8_3_4  fkeep_re_8_3   1.000000000000e+00
    flow_re_8_3_4  fkeep_re_8_4  -1.000000000000e+00
    flow_re_8_3_5  fcap_re_8_3_5   1.000000000000e+00
    flow_re_8_3_5  fkeep_re_8_3   1.000000000000e+00
    flow_re_8_3_5  fkeep_re_8_5  -1.000000000000e+00
    flow_re_8_3_7  fcap_re_8_3_7   1.000000000000e+00
    flow_re_8_3_7  fkeep_re_8_3   1.000000000000e+00
    flow_re_8_3_7  fkeep_re_8_7  -1.000000000000e+00
    flow_re_8_3_8  fcap_re_8_3_8   1.000000000000e+00
    flow_re_8_3_8  fkeep_re_8_3   1.000000000000e+00
    flow_re_8_3_8  fsink_re_8  -1.000000000000e+00
    flow_re_8_3_9  fcap_re_8_3_9   1.000000000000e+00
    flow_re_8_3_9  fkeep_re_8_3   1.000000000000e+00
    flow_re_8_3_9  fkeep_re_8_9  -1.000000000000e+00
    flow_re_8_4_10  fcap_re_8_4_10   1.000000000000e+00
    flow_re_8_4_10  fkeep_re_8_4   1.000000000000e+00
    flow_re_8_4_10  fkeep_re_8_10  -1.000000000000e+00
    flow_re_8_4_2  fcap_re_8_4_2   1.000000000000e+00
    flow_re_8_4_2  fkeep_re_8_2  -1.000000000000e+00
    flow_re_8_4_2  fkeep_re_8_4   1.000000000000e+00
    flow_re_8_4_3  fcap_re_8_4_3   1.000000000000e+00
    flow_re_8_4_3  fkeep_re_8_3  -1.000000000000e+00
    flow_re_8_4_3  fkeep_re_8_4   1.000000000000e+00
    flow_re_8_4_5  fcap_re_8_4_5   1.000000000000e+00
    flow_re_8_4_5  fkeep_re_8_4   1.000000000000e+00
    flow_re_8_4_5  fkeep_re_8_5  -1.000000000000e+00
    flow_re_8_4_7  fcap_re_8_4_7   1.000000000000e+00
    flow_re_8_4_7  fkeep_re_8_4   1.000000000000e+00
    flow_re_8_4_7  fkeep_re_8_7  -1.000000000000e+00
    flow_re_8_4_8  fcap_re_8_4_8   1.000000000000e+00
    flow_re_8_4_8  fkeep_re_8_4   1.000000000000e+00
    flow_re_8_4_8  fsink_re_8  -1.000000000000e+00
    flow_re_8_4_9  fcap_re_8_4_9   1.000000000000e+00
    flow_re_8_4_9  fkeep_re_8_4   1.000000000000e+00
    flow_re_8_4_9  fkeep_re_8_9  -1.000000000000e+00
    flow_re_8_5_10  fcap_re_8_5_10   1.000000000000e+00
    flow_re_8_5_10  fkeep_re_8_5   1.000000000000e+00
    flow_re_8_5_10  fkeep_re_8_10  -1.000000000000e+00
    flow_re_8_5_2  fcap_re_8_5_2   1.000000000000e+00
    flow_re_8_5_2  fkeep_re_8_2  -1.000000000000e+00
    flow_re_8_5_2  fkeep_re_8_5   1.000000000000e+00
    flow_re_8_5_3  fcap_re_8_5_3   1.000000000000e+00
    flow_re_8_5_3  fkeep_re_8_3  -1.000000000000e+00
    flow_re_8_5_3  fkeep_re_8_5   1.000000000000e+00
    flow_re_8_5_4  fcap_re_8_5_4   1.000000000000e+00
    flow_re_8_5_4  fkeep_re_8_4  -1.000000000000e+00
    flow_re_8_5_4  fkeep_re_8_5   1.000000000000e+00
    flow_re_8_5_7  fcap_re_8_5_7   1.000000000000e+00
    flow_re_8_5_7  fkeep_re_8_5   1.000000000000e+00
    flow_re_8_5_7  fkeep_re_8_7  -1.000000000000e+00
    flow_re_8_5_8  fcap_re_8_5_8   1.000000000000e+00
    flow_re_8_5_8  fkeep_re_8_5   1.000000000000e+00
    flow_re_8_5_8  fsink_re_8  -1.000000000000e+00
    flow_re_8_5_9  fcap_re_8_5_9   1.000000000000e+00
    flow_re_8_5_9  fkeep_re_8_5   1.000000000000e+00
    flow_re_8_5_9  fkeep_re_8_9  -1.000000000000e+00
    flow_re_8_7_10  fcap_re_8_7_10   1.000000000000e+00
    flow_re_8_7_10  fkeep_re_8_7   1.000000000000e+00
    flow_re_8_7_10  fkeep_re_8_10  -1.000000000000e+00
    flow_re_8_7_2  fcap_re_8_7_2   1.000000000000e+00
    flow_re_8_7_2  fkeep_re_8_2  -1.000000000000e+00
    flow_re_8_7_2  fkeep_re_8_7   1.000000000000e+00
    flow_re_8_7_3  fcap_re_8_7_3   1.000000000000e+00
    flow_re_8_7_3  fkeep_re_8_3  -1.000000000000e+00
    flow_re_8_7_3  fkeep_re_8_7   1.000000000000e+00
    flow_re_8_7_4  fcap_re_8_7_4   1.000000000000e+00
    flow_re_8_7_4  fkeep_re_8_4  -1.000000000000e+00
    flow_re_8_7_4  fkeep_re_8_7   1.000000000000e+00
    flow_re_8_7_5  fcap_re_8_7_5   1.000000000000e+00
    flow_re_8_7_5  fkeep_re_8_5  -1.000000000000e+00
    flow_re_8_7_5  fkeep_re_8_7   1.000000000000e+00
    flow_re_8_7_8  fcap_re_8_7_8   1.000000000000e+00
    flow_re_8_7_8  fkeep_re_8_7   1.000000000000e+00
    flow_re_8_7_8  fsink_re_8  -1.000000000000e+00
    flow_re_8_7_9  fcap_re_8_7_9   1.000000000000e+00
    flow_re_8_7_9  fkeep_re_8_7   1.000000000000e+00
    flow_re_8_7_9  fkeep_re_8_9  -1.000000000000e+00
    flow_re_8_8_10  fcap_re_8_8_10   1.000000000000e+00
    flow_re_8_8_10  fsink_re_8   1.000000000000e+00
    flow_re_8_8_10  fkeep_re_8_10  -1.000000000000e+00
    flow_re_8_8_2  fcap_re_8_8_2   1.000000000000e+00
    flow_re_8_8_2  fkeep_re_8_2  -1.000000000000e+00
    flow_re_8_8_2  fsink_re_8   1.000000000000e+00
    flow_re_8_8_3  fcap_re_8_8_3   1.000000000000e+00
    flow_re_8_8_3  fkeep_re_8_3  -1.000000000000e+00
    flow_re_8_8_3  fsink_re_8   1.000000000000e+00
    flow_re_8_8_4  fcap_re_8_8_4   1.000000000000e+00
    flow_re_8_8_4  fkeep_re_8_4  -1.000000000000e+00
    flow_re_8_8_4  fsink_re_8   1.000000000000e+00
    flow_re_8_8_5  fcap_re_8_8_5   1.000000000000e+00
    flow_re_8_8_5  fkeep_re_8_5  -1.000000000000e+00
    flow_re_8_8_5  fsink_re_8   1.000000000000e+00
    flow_re_8_8_7  fcap_re_8_8_7   1.000000000000e+00
    flow_re_8_8_7  fkeep_re_8_7  -1.000000000000e+00
    flow_re_8_8_7  fsink_re_8   1.000000000000e+00
    flow_re_8_8_9  fcap_re_8_8_9   1.000000000000e+00
    flow_re_8_8_9  fsink_re_8   1.000000000000e+00
    flow_re_8_8_9  fkeep_re_8_9  -1.000000000000e+00
    flow_re_8_9_10  fcap_re_8_9_10   1.000000000000e+00
    flow_re_8_9_10  fkeep_re_8_9   1.000000000000e+00
    flow_re_8_9_10  fkeep_re_8_10  -1.000000000000e+00
    flow_re_8_9_2  fcap_re_8_9_2   1.000000000000e+00
    flow_re_8_9_2  fkeep_re_8_2  -1.000000000000e+00
    flow_re_8_9_2  fkeep_re_8_9   1.000000000000e+00
    flow_re_8_9_3  fcap_re_8_9_3   1.000000000000e+00
    flow_re_8_9_3  fkeep_re_8_3  -1.000000000000e+00
    flow_re_8_9_3  fkeep_re_8_9   1.000000000000e+00
    flow_re_8_9_4  fcap_re_8_9_4   1.000000000000e+00
    flow_re_8_9_4  fkeep_re_8_4  -1.000000000000e+00
    flow_re_8_9_4  fkeep_re_8_9   1.000000000000e+00
    flow_re_8_9_5  fcap_re_8_9_5   1.000000000000e+00
    flow_re_8_9_5  fkeep_re_8_5  -1.000000000000e+00
    flow_re_8_9_5  fkeep_re_8_9   1.000000000000e+00
    flow_re_8_9_7  fcap_re_8_9_7   1.000000000000e+00
    flow_re_8_9_7  fkeep_re_8_7  -1.000000000000e+00
    flow_re_8_9_7  fkeep_re_8_9   1.000000000000e+00
    flow_re_8_9_8  fcap_re_8_9_8   1.000000000000e+00
    flow_re_8_9_8  fsink_re_8  -1.000000000000e+00
    flow_re_8_9_8  fkeep_re_8_9   1.000000000000e+00
    flow_re_9_10_2  fcap_re_9_10_2   1.000000000000e+00
    flow_re_9_10_2  fkeep_re_9_2  -1.000000000000e+00
    flow_re_9_10_2  fkeep_re_9_10   1.000000000000e+00
    flow_re_9_10_3  fcap_re_9_10_3   1.000000000000e+00
    flow_re_9_10_3  fkeep_re_9_3  -1.000000000000e+00
    flow_re_9_10_3  fkeep_re_9_10   1.000000000000e+00
    flow_re_9_10_4  fcap_re_9_10_4   1.000000000000e+00
    flow_re_9_10_4  fkeep_re_9_4  -1.000000000000e+00
    flow_re_9_10_4  fkeep_re_9_10   1.000000000000e+00
    flow_re_9_10_5  fcap_re_9_10_5   1.000000000000e+00
    flow_re_9_10_5  fkeep_re_9_5  -1.000000000000e+00
    flow_re_9_10_5  fkeep_re_9_10   1.000000000000e+00
    flow_re_9_10_7  fcap_re_9_10_7   1.000000000000e+00
    flow_re_9_10_7  fkeep_re_9_7  -1.000000000000e+00
    flow_re_9_10_7  fkeep_re_9_10   1.000000000000e+00
    flow_re_9_10_8  fcap_re_9_10_8   1.000000000000e+00
    flow_re_9_10_8  fkeep_re_9_8  -1.000000000000e+00
    flow_re_9_10_8  fkeep_re_9_10   1.000000000000e+00
    flow_re_9_10_9  fcap_re_9_10_9   1.000000000000e+00
    flow_re_9_10_9  fsink_re_9  -1.000000000000e+00
    flow_re_9_10_9  fkeep_re_9_10   1.000000000000e+00
    flow_re_9_2_10  fcap_re_9_2_10   1.000000000000e+00
    flow_re_9_2_10  fkeep_re_9_2   1.000000000000e+00
    flow_re_9_2_10  fkeep_re_9_10  -1.000000000000e+00
    flow_re_9_2_3  fcap_re_9_2_3   1.000000000000e+00
    flow_re_9_2_3  fkeep_re_9_2   1.000000000000e+00
    flow_re_9_2_3  fkeep_re_9_3  -1.000000000000e+00
    flow_re_9_2_4  fcap_re_9_2_4   1.000000000000e+00
    flow_re_9_2_4  fkeep_re_9_2   1.000000000000e+00
    flow_re_9_2_4  fkeep_re_9_4  -1.000000000000e+00
    flow_re_9_2_5  fcap_re_9_2_5   1.000000000000e+00
    flow_re_9_2_5  fkeep_re_9_2   1.000000000000e+00
    flow_re_9_2_5  fkeep_re_9_5  -1.000000000000e+00
    flow_re_9_2_7  fcap_re_9_2_7   1.000000000000e+00
    flow_re_9_2_7  fkeep_re_9_2   1.000000000000e+00
    flow_re_9_2_7  fkeep_re_9_7  -1.000000000000e+00
    flow_re_9_2_8  fcap_re_9_2_8   1.000000000000e+00
    flow_re_9_2_8  fkeep_re_9_2   1.000000000000e+00
    flow_re_9_2_8  fkeep_re_9_8  -1.000000000000e+00
    flow_re_9_2_9  fcap_re_9_2_9   1.000000000000e+00
    flow_re_9_2_9  fkeep_re_9_2   1.000000000000e+00
    flow_re_9_2_9  fsink_re_9  -1.000000000000e+00
    flow_re_9_3_10  fcap_re_9_3_10   1.000000000000e+00
    flow_re_9_3_10  fkeep_re_9_3   1.000000000000e+00
    flow_re_9_3_10  fkeep_re_9_10  -1.000000000000e+00
    flow_re_9_3_2  fcap_re_9_3_2   1.000000000000e+00
    flow_re_9_3_2  fkeep_re_9_2  -1.000000000000e+00
    flow_re_9_3_2  fkeep_re_9_3   1.000000000000e+00
    flow_re_9_3_4  fcap_re_9_3_4   1.000000000000e+00
    flow_re_9_3_4  fkeep_re_9_3   1.000000000000e+00
    flow_re_9_3_4  fkeep_re_9_4  -1.000000000000e+00
    flow_re_9_3_5  fcap_re_9_3_5   1.000000000000e+00
    flow_re_9_3_5  fkeep_re_9_3   1.000000000000e+00
    flow_re_9_3_5  fkeep_re_9_5  -1.000000000000e+00
    flow_re_9_3_7  fcap_re_9_3_7   1.000000000000e+00
    flow_re_9_3_7  fkeep_re_9_3   1.000000000000e+00
    flow_re_9_3_7  fkeep_re_9_7  -1.000000000000e+00
    flow_re_9_3_8  fcap_re_9_3_8   1.000000000000e+00
    flow_re_9_3_8  fkeep_re_9_3   1.000000000000e+00
    flow_re_9_3_8  fkeep_re_9_8  -1.000000000000e+00
    flow_re_9_3_9  fcap_re_9_3_9   1.000000000000e+00
    flow_re_9_3_9  fkeep_re_9_3   1.000000000000e+00
    flow_re_9_3_9  fsink_re_9  -1.000000000000e+00
    flow_re_9_4_10  fcap_re_9_4_10   1.000000000000e+00
    flow_re_9_4_10  fkeep_re_9_4   1.000000000000e+00
    flow_re_9_4_10  fkeep_re_9_10  -1.000000000000e+00
    flow_re_9_4_2  fcap_re_9_4_2   1.000000000000e+00
    flow_re_9_4_2  fkeep_re_9_2  -1.000000000000e+00
    flow_re_9_4_2  fkeep_re_9_4   1.000000000000e+00
    flow_re_9_4_3  fcap_re_9_4_3   1.000000000000e+00
    flow_re_9_4_3  fkeep_re_9_3  -1.000000000000e+00
    flow_re_9_4_3  fkeep_re_9_4   1.000000000000e+00
    flow_re_9_4_5  fcap_re_9_4_5   1.000000000000e+00
    flow_re_9_4_5  fkeep_re_9_4   1.000000000000e+00
    flow_re_9_4_5  fkeep_re_9_5  -1.000000000000e+00
    flow_re_9_4_7  fcap_re_9_4_7   1.000000000000e+00
    flow_re_9_4_7  fkeep_re_9_4   1.000000000000e+00
    flow_re_9_4_7  fkeep_re_9_7  -1.000000000000e+00
    flow_re_9_4_8  fcap_re_9_4_8   1.000000000000e+00
    flow_re_9_4_8  fkeep_re_9_4   1.000000000000e+00
    flow_re_9_4_8  fkeep_re_9_8  -1.000000000000e+00
    flow_re_9_4_9  fcap_re_9_4_9   1.000000000000e+00
    flow_re_9_4_9  fkeep_re_9_4   1.000000000000e+00
    flow_re_9_4_9  fsink_re_9  -1.000000000000e+00
    flow_re_9_5_10  fcap_re_9_5_10   1.000000000000e+00
    flow_re_9_5_10  fkeep_re_9_5   1.000000000000e+00
    flow_re_9_5_10  fkeep_re_9_10  -1.000000000000e+00
    flow_re_9_5_2  fcap_re_9_5_2   1.000000000000e+00
    flow_re_9_5_2  fkeep_re_9_2  -1.000000000000e+00
    flow_re_9_5_2  fkeep_re_9_5   1.000000000000e+00
    flow_re_9_5_3  fcap_re_9_5_3   1.000000000000e+00
    flow_re_9_5_3  fkeep_re_9_3  -1.000000000000e+00
    flow_re_9_5_3  fkeep_re_9_5   1.000000000000e+00
    flow_re_9_5_4  fcap_re_9_5_4   1.000000000000e+00
    flow_re_9_5_4  fkeep_re_9_4  -1.000000000000e+00
    flow_re_9_5_4  fkeep_re_9_5   1.000000000000e+00
    flow_re_9_5_7  fcap_re_9_5_7   1.000000000000e+00
    flow_re_9_5_7  fkeep_re_9_5   1.000000000000e+00
    flow_re_9_5_7  fkeep_re_9_7  -1.000000000000e+00
    flow_re_9_5_8  fcap_re_9_5_8   1.000000000000e+00
    flow_re_9_5_8  fkeep_re_9_5   1.000000000000e+00
    flow_re_9_5_8  fkeep_re_9_8  -1.000000000000e+00
    flow_re_9_5_9  fcap_re_9_5_9   1.000000000000e+00
    flow_re_9_5_9  fkeep_re_9_5   1.000000000000e+00
    flow_re_9_5_9  fsink_re_9  -1.000000000000e+00
    flow_re_9_7_10  fcap_re_9_7_10   1.000000000000e+00
    flow_re_9_7_10  fkeep_re_9_7   1.000000000000e+00
    flow_re_9_7_10  fkeep_re_9_10  -1.000000000000e+00
    flow_re_9_7_2  fcap_re_9_7_2   1.000000000000e+00
    flow_re_9_7_2  fkeep_re_9_2  -1.000000000000e+00
    flow_re_9_7_2  fkeep_re_9_7   1.000000000000e+00
    flow_re_9_7_3  fcap_re_9_7_3   1.000000000000e+00
    flow_re_9_7_3  fkeep_re_9_3  -1.000000000000e+00
    flow_re_9_7_3  fkeep_re_9_7   1.000000000000e+00
    flow_re_9_7_4  fcap_re_9_7_4   1.000000000000e+00
    flow_re_9_7_4  fkeep_re_9_4  -1.000000000000e+00
    flow_re_9_7_4  fkeep_re_9_7   1.000000000000e+00
    flow_re_9_7_5  fcap_re_9_7_5   1.000000000000e+00
    flow_re_9_7_5  fkeep_re_9_5  -1.000000000000e+00
    flow_re_9_7_5  fkeep_re_9_7   1.000000000000e+00
    flow_re_9_7_8  fcap_re_9_7_8   1.000000000000e+00
    flow_re_9_7_8  fkeep_re_9_7   1.000000000000e+00
    flow_re_9_7_8  fkeep_re_9_8  -1.000000000000e+00
    flow_re_9_7_9  fcap_re_9_7_9   1.000000000000e+00
    flow_re_9_7_9  fkeep_re_9_7   1.000000000000e+00
    flow_re_9_7_9  fsink_re_9  -1.000000000000e+00
    flow_re_9_8_10  fcap_re_9_8_10   1.000000000000e+00
    flow_re_9_8_10  fkeep_re_9_8   1.000000000000e+00
    flow_re_9_8_10  fkeep_re_9_10  -1.000000000000e+00
    flow_re_9_8_2  fcap_re_9_8_2   1.000000000000e+00
    flow_re_9_8_2  fkeep_re_9_2  -1.000000000000e+00
    flow_re_9_8_2  fkeep_re_9_8   1.000000000000e+00
    flow_re_9_8_3  fcap_re_9_8_3   1.000000000000e+00
    flow_re_9_8_3  fkeep_re_9_3  -1.000000000000e+00
    flow_re_9_8_3  fkeep_re_9_8   1.000000000000e+00
    flow_re_9_8_4  fcap_re_9_8_4   1.000000000000e+00
    flow_re_9_8_4  fkeep_re_9_4  -1.000000000000e+00
    flow_re_9_8_4  fkeep_re_9_8   1.000000000000e+00
    flow_re_9_8_5  fcap_re_9_8_5   1.000000000000e+00
    flow_re_9_8_5  fkeep_re_9_5  -1.000000000000e+00
    flow_re_9_8_5  fkeep_re_9_8   1.000000000000e+00
    flow_re_9_8_7  fcap_re_9_8_7   1.000000000000e+00
    flow_re_9_8_7  fkeep_re_9_7  -1.000000000000e+00
    flow_re_9_8_7  fkeep_re_9_8   1.000000000000e+00
    flow_re_9_8_9  fcap_re_9_8_9   1.000000000000e+00
    flow_re_9_8_9  fkeep_re_9_8   1.000000000000e+00
    flow_re_9_8_9  fsink_re_9  -1.000000000000e+00
    flow_re_9_9_10  fcap_re_9_9_10   1.000000000000e+00
    flow_re_9_9_10  fsink_re_9   1.000000000000e+00
    flow_re_9_9_10  fkeep_re_9_10  -1.000000000000e+00
    flow_re_9_9_2  fcap_re_9_9_2   1.000000000000e+00
    flow_re_9_9_2  fkeep_re_9_2  -1.000000000000e+00
    flow_re_9_9_2  fsink_re_9   1.000000000000e+00
    flow_re_9_9_3  fcap_re_9_9_3   1.000000000000e+00
    flow_re_9_9_3  fkeep_re_9_3  -1.000000000000e+00
    flow_re_9_9_3  fsink_re_9   1.000000000000e+00
    flow_re_9_9_4  fcap_re_9_9_4   1.000000000000e+00
    flow_re_9_9_4  fkeep_re_9_4  -1.000000000000e+00
    flow_re_9_9_4  fsink_re_9   1.000000000000e+00
    flow_re_9_9_5  fcap_re_9_9_5   1.000000000000e+00
    flow_re_9_9_5  fkeep_re_9_5  -1.000000000000e+00
    flow_re_9_9_5  fsink_re_9   1.000000000000e+00
    flow_re_9_9_7  fcap_re_9_9_7   1.000000000000e+00
    flow_re_9_9_7  fkeep_re_9_7  -1.000000000000e+00
    flow_re_9_9_7  fsink_re_9   1.000000000000e+00
    flow_re_9_9_8  fcap_re_9_9_8   1.000000000000e+00
    flow_re_9_9_8  fkeep_re_9_8  -1.000000000000e+00
    flow_re_9_9_8  fsink_re_9   1.000000000000e+00
    re_10_2   deliver_re_10_2  -1.000000000000e+00
    re_10_2   fcap_re_2_10_2  -1.000000000000e+00
    re_10_2   fcap_re_3_10_2  -1.000000000000e+00
    re_10_2   fcap_re_4_10_2  -1.000000000000e+00
    re_10_2   fcap_re_5_10_2  -1.000000000000e+00
    re_10_2   fcap_re_7_10_2  -1.000000000000e+00
    re_10_2   fcap_re_8_10_2  -1.000000000000e+00
    re_10_2   fcap_re_9_10_2  -1.000000000000e+00
    re_10_2   fcap_re_10_10_2  -1.000000000000e+00
    re_10_3   deliver_re_10_3  -1.000000000000e+00
    re_10_3   fcap_re_2_10_3  -1.000000000000e+00
    re_10_3   fcap_re_3_10_3  -1.000000000000e+00
    re_10_3   fcap_re_4_10_3  -1.000000000000e+00
    re_10_3   fcap_re_5_10_3  -1.000000000000e+00
    re_10_3   fcap_re_7_10_3  -1.000000000000e+00
    re_10_3   fcap_re_8_10_3  -1.000000000000e+00
    re_10_3   fcap_re_9_10_3  -1.000000000000e+00
    re_10_3   fcap_re_10_10_3  -1.000000000000e+00
    re_10_4   deliver_re_10_4  -1.000000000000e+00
    re_10_4   fcap_re_2_10_4  -1.000000000000e+00
    re_10_4   fcap_re_3_10_4  -1.000000000000e+00
    re_10_4   fcap_re_4_10_4  -1.000000000000e+00
    re_10_4   fcap_re_5_10_4  -1.000000000000e+00
    re_10_4   fcap_re_7_10_4  -1.000000000000e+00
    re_10_4   fcap_re_8_10_4  -1.000000000000e+00
    re_10_4   fcap_re_9_10_4  -1.000000000000e+00
    re_10_4   fcap_re_10_10_4  -1.000000000000e+00
    re_10_5   deliver_re_10_5  -1.000000000000e+00
    re_10_5   fcap_re_2_10_5  -1.000000000000e+00
    re_10_5   fcap_re_3_10_5  -1.000000000000e+00
    re_10_5   fcap_re_4_10_5  -1.000000000000e+00
    re_10_5   fcap_re_5_10_5  -1.000000000000e+00
    re_10_5   fcap_re_7_10_5  -1.000000000000e+00
    re_10_5   fcap_re_8_10_5  -1.000000000000e+00
    re_10_5   fcap_re_9_10_5  -1.000000000000e+00
    re_10_5   fcap_re_10_10_5  -1.000000000000e+00
    re_10_7   deliver_re_10_7  -1.000000000000e+00
    re_10_7   fcap_re_2_10_7  -1.000000000000e+00
    re_10_7   fcap_re_3_10_7  -1.000000000000e+00
    re_10_7   fcap_re_4_10_7  -1.000000000000e+00
    re_10_7   fcap_re_5_10_7  -1.000000000000e+00
    re_10_7   fcap_re_7_10_7  -1.000000000000e+00
    re_10_7   fcap_re_8_10_7  -1.000000000000e+00
    re_10_7   fcap_re_9_10_7  -1.000000000000e+00
    re_10_7   fcap_re_10_10_7  -1.000000000000e+00
    re_10_8   deliver_re_10_8  -1.000000000000e+00
    re_10_8   fcap_re_2_10_8  -1.000000000000e+00
    re_10_8   fcap_re_3_10_8  -1.000000000000e+00
    re_10_8   fcap_re_4_10_8  -1.000000000000e+00
    re_10_8   fcap_re_5_10_8  -1.000000000000e+00
    re_10_8   fcap_re_7_10_8  -1.000000000000e+00
    re_10_8   fcap_re_8_10_8  -1.000000000000e+00
    re_10_8   fcap_re_9_10_8  -1.000000000000e+00
    re_10_8   fcap_re_10_10_8  -1.000000000000e+00
    re_10_9   deliver_re_10_9  -1.000000000000e+00
    re_10_9   fcap_re_2_10_9  -1.000000000000e+00
    re_10_9   fcap_re_3_10_9  -1.000000000000e+00
    re_10_9   fcap_re_4_10_9  -1.000000000000e+00
    re_10_9   fcap_re_5_10_9  -1.000000000000e+00
    re_10_9   fcap_re_7_10_9  -1.000000000000e+00
    re_10_9   fcap_re_8_10_9  -1.000000000000e+00
    re_10_9   fcap_re_9_10_9  -1.000000000000e+00
    re_10_9   fcap_re_10_10_9  -1.000000000000e+00
    re_2_10   deliver_re_2_10  -1.000000000000e+00
    re_2_10   fcap_re_2_2_10  -1.000000000000e+00
    re_2_10   fcap_re_3_2_10  -1.000000000000e+00
    re_2_10   fcap_re_4_2_10  -1.000000000000e+00
    re_2_10   fcap_re_5_2_10  -1.000000000000e+00
    re_2_10   fcap_re_7_2_10  -1.000000000000e+00
    re_2_10   fcap_re_8_2_10  -1.000000000000e+00
    re_2_10   fcap_re_9_2_10  -1.000000000000e+00
    re_2_10   fcap_re_10_2_10  -1.000000000000e+00
    re_2_3    deliver_re_2_3  -1.000000000000e+00
    re_2_3    fcap_re_2_2_3  -1.000000000000e+00
    re_2_3    fcap_re_3_2_3  -1.000000000000e+00
    re_2_3    fcap_re_4_2_3  -1.000000000000e+00
    re_2_3    fcap_re_5_2_3  -1.000000000000e+00
    re_2_3    fcap_re_7_2_3  -1.000000000000e+00
    re_2_3    fcap_re_8_2_3  -1.000000000000e+00
    re_2_3    fcap_re_9_2_3  -1.000000000000e+00
    re_2_3    fcap_re_10_2_3  -1.000000000000e+00
    re_2_4    deliver_re_2_4  -1.000000000000e+00
    re_2_4    fcap_re_2_2_4  -1.000000000000e+00
    re_2_4    fcap_re_3_2_4  -1.000000000000e+00
    re_2_4    fcap_re_4_2_4  -1.000000000000e+00
    re_2_4    fcap_re_5_2_4  -1.000000000000e+00
    re_2_4    fcap_re_7_2_4  -1.000000000000e+00
    re_2_4    fcap_re_8_2_4  -1.000000000000e+00
    re_2_4    fcap_re_9_2_4  -1.000000000000e+00
    re_2_4    fcap_re_10_2_4  -1.000000000000e+00
    re_2_5    deliver_re_2_5  -1.000000000000e+00
    re_2_5    fcap_re_2_2_5  -1.000000000000e+00
    re_2_5    fcap_re_3_2_5  -1.000000000000e+00
    re_2_5    fcap_re_4_2_5  -1.000000000000e+00
    re_2_5    fcap_re_5_2_5  -1.000000000000e+00
    re_2_5    fcap_re_7_2_5  -1.000000000000e+00
    re_2_5    fcap_re_8_2_5  -1.000000000000e+00
    re_2_5    fcap_re_9_2_5  -1.000000000000e+00
    re_2_5    fcap_re_10_2_5  -1.000000000000e+00
    re_2_7    deliver_re_2_7  -1.000000000000e+00
    re_2_7    fcap_re_2_2_7  -1.000000000000e+00
    re_2_7    fcap_re_3_2_7  -1.000000000000e+00
    re_2_7    fcap_re_4_2_7  -1.000000000000e+00
    re_2_7    fcap_re_5_2_7  -1.000000000000e+00
    re_2_7    fcap_re_7_2_7  -1.000000000000e+00
    re_2_7    fcap_re_8_2_7  -1.000000000000e+00
    re_2_7    fcap_re_9_2_7  -1.000000000000e+00
    re_2_7    fcap_re_10_2_7  -1.000000000000e+00
    re_2_8    deliver_re_2_8  -1.000000000000e+00
    re_2_8    fcap_re_2_2_8  -1.000000000000e+00
    re_2_8    fcap_re_3_2_8  -1.000000000000e+00
    re_2_8    fcap_re_4_2_8  -1.000000000000e+00
    re_2_8    fcap_re_5_2_8  -1.000000000000e+00
    re_2_8    fcap_re_7_2_8  -1.000000000000e+00
    re_2_8    fcap_re_8_2_8  -1.000000000000e+00
    re_2_8    fcap_re_9_2_8  -1.000000000000e+00
    re_2_8    fcap_re_10_2_8  -1.000000000000e+00
    re_2_9    deliver_re_2_9  -1.000000000000e+00
    re_2_9    fcap_re_2_2_9  -1.000000000000e+00
    re_2_9    fcap_re_3_2_9  -1.000000000000e+00
    re_2_9    fcap_re_4_2_9  -1.000000000000e+00
    re_2_9    fcap_re_5_2_9  -1.000000000000e+00
    re_2_9    fcap_re_7_2_9  -1.000000000000e+00
    re_2_9    fcap_re_8_2_9  -1.000000000000e+00
    re_2_9    fcap_re_9_2_9  -1.000000000000e+00
    re_2_9    fcap_re_10_2_9  -1.000000000000e+00
    re_3_10   deliver_re_3_10  -1.000000000000e+00
    re_3_10   fcap_re_2_3_10  -1.000000000000e+00
    re_3_10   fcap_re_3_3_10  -1.000000000000e+00
    re_3_10   fcap_re_4_3_10  -1.000000000000e+00
    re_3_10   fcap_re_5_3_10  -1.000000000000e+00
    re_3_10   fcap_re_7_3_10  -1.000000000000e+00
    re_3_10   fcap_re_8_3_10  -1.000000000000e+00
    re_3_10   fcap_re_9_3_10  -1.000000000000e+00
    re_3_10   fcap_re_10_3_10  -1.000000000000e+00
    re_3_2    deliver_re_3_2  -1.000000000000e+00
    re_3_2    fcap_re_2_3_2  -1.000000000000e+00
    re_3_2    fcap_re_3_3_2  -1.000000000000e+00
    re_3_2    fcap_re_4_3_2  -1.000000000000e+00
    re_3_2    fcap_re_5_3_2  -1.000000000000e+00
    re_3_2    fcap_re_7_3_2  -1.000000000000e+00
    re_3_2    fcap_re_8_3_2  -1.000000000000e+00
    re_3_2    fcap_re_9_3_2  -1.000000000000e+00
    re_3_2    fcap_re_10_3_2  -1.000000000000e+00
    re_3_4    deliver_re_3_4  -1.000000000000e+00
    re_3_4    fcap_re_2_3_4  -1.000000000000e+00
    re_3_4    fcap_re_3_3_4  -1.000000000000e+00
    re_3_4    fcap_re_4_3_4  -1.000000000000e+00
    re_3_4    fcap_re_5_3_4  -1.000000000000e+00
    re_3_4    fcap_re_7_3_4  -1.000000000000e+00
    re_3_4    fcap_re_8_3_4  -1.000000000000e+00
    re_3_4    fcap_re_9_3_4  -1.000000000000e+00
    re_3_4    fcap_re_10_3_4  -1.000000000000e+00
    re_3_5    deliver_re_3_5  -1.000000000000e+00
    re_3_5    fcap_re_2_3_5  -1.000000000000e+00
    re_3_5    fcap_re_3_3_5  -1.000000000000e+00
    re_3_5    fcap_re_4_3_5  -1.000000000000e+00
    re_3_5    fcap_re_5_3_5  -1.000000000000e+00
    re_3_5    fcap_re_7_3_5  -1.000000000000e+00
    re_3_5    fcap_re_8_3_5  -1.000000000000e+00
    re_3_5    fcap_re_9_3_5  -1.000000000000e+00
    re_3_5    fcap_re_10_3_5  -1.000000000000e+00
    re_3_7    deliver_re_3_7  -1.000000000000e+00
    re_3_7    fcap_re_2_3_7  -1.000000000000e+00
    re_3_7    fcap_re_3_3_7  -1.000000000000e+00
    re_3_7    fcap_re_4_3_7  -1.000000000000e+00
    re_3_7    fcap_re_5_3_7  -1.000000000000e+00
    re_3_7    fcap_re_7_3_7  -1.000000000000e+00
    re_3_7    fcap_re_8_3_7  -1.000000000000e+00
    re_3_7    fcap_re_9_3_7  -1.000000000000e+00
    re_3_7    fcap_re_10_3_7  -1.000000000000e+00
    re_3_8    deliver_re_3_8  -1.000000000000e+00
    re_3_8    fcap_re_2_3_8  -1.000000000000e+00
    re_3_8    fcap_re_3_3_8  -1.000000000000e+00
    re_3_8    fcap_re_4_3_8  -1.000000000000e+00
    re_3_8    fcap_re_5_3_8  -1.000000000000e+00
    re_3_8    fcap_re_7_3_8  -1.000000000000e+00
    re_3_8    fcap_re_8_3_8  -1.000000000000e+00
    re_3_8    fcap_re_9_3_8  -1.000000000000e+00
    re_3_8    fcap_re_10_3_8  -1.000000000000e+00
    re_3_9    deliver_re_3_9  -1.000000000000e+00
    re_3_9    fcap_re_2_3_9  -1.000000000000e+00
    re_3_9    fcap_re_3_3_9  -1.000000000000e+00
    re_3_9    fcap_re_4_3_9  -1.000000000000e+00
    re_3_9    fcap_re_5_3_9  -1.000000000000e+00
    re_3_9    fcap_re_7_3_9  -1.000000000000e+00
    re_3_9    fcap_re_8_3_9  -1.000000000000e+00
    re_3_9    fcap_re_9_3_9  -1.000000000000e+00
    re_3_9    fcap_re_10_3_9  -1.000000000000e+00
    re_4_10   deliver_re_4_10  -1.000000000000e+00
    re_4_10   fcap_re_2_4_10  -1.000000000000e+00
    re_4_10   fcap_re_3_4_10  -1.000000000000e+00
    re_4_10   fcap_re_4_4_10  -1.000000000000e+00
    re_4_10   fcap_re_5_4_10  -1.000000000000e+00
    re_4_10   fcap_re_7_4_10  -1.000000000000e+00
    re_4_10   fcap_re_8_4_10  -1.000000000000e+00
    re_4_10   fcap_re_9_4_10  -1.000000000000e+00
    re_4_10   fcap_re_10_4_10  -1.000000000000e+00
    re_4_2    deliver_re_4_2  -1.000000000000e+00
    re_4_2    fcap_re_2_4_2  -1.000000000000e+00
    re_4_2    fcap_re_3_4_2  -1.000000000000e+00
    re_4_2    fcap_re_4_4_2  -1.000000000000e+00
    re_4_2    fcap_re_5_4_2  -1.000000000000e+00
    re_4_2    fcap_re_7_4_2  -1.000000000000e+00
    re_4_2    fcap_re_8_4_2  -1.000000000000e+00
    re_4_2    fcap_re_9_4_2  -1.000000000000e+00
    re_4_2    fcap_re_10_4_2  -1.000000000000e+00
    re_4_3    deliver_re_4_3  -1.000000000000e+00
    re_4_3    fcap_re_2_4_3  -1.000000000000e+00
    re_4_3    fcap_re_3_4_3  -1.000000000000e+00
    re_4_3    fcap_re_4_4_3  -1.000000000000e+00
    re_4_3    fcap_re_5_4_3  -1.000000000000e+00
    re_4_3    fcap_re_7_4_3  -1.000000000000e+00
    re_4_3    fcap_re_8_4_3  -1.000000000000e+00
    re_4_3    fcap_re_9_4_3  -1.000000000000e+00
    re_4_3    fcap_re_10_4_3  -1.000000000000e+00
    re_4_5    deliver_re_4_5  -1.000000000000e+00
    re_4_5    fcap_re_2_4_5  -1.000000000000e+00
    re_4_5    fcap_re_3_4_5  -1.000000000000e+00
    re_4_5    fcap_re_4_4_5  -1.000000000000e+00
    re_4_5    fcap_re_5_4_5  -1.000000000000e+00
    re_4_5    fcap_re_7_4_5  -1.000000000000e+00
    re_4_5    fcap_re_8_4_5  -1.000000000000e+00
    re_4_5    fcap_re_9_4_5  -1.000000000000e+00
    re_4_5    fcap_re_10_4_5  -1.000000000000e+00
    re_4_7    deliver_re_4_7  -1.000000000000e+00
    re_4_7    fcap_re_2_4_7  -1.000000000000e+00
    re_4_7    fcap_re_3_4_7  -1.000000000000e+00
    re_4_7    fcap_re_4_4_7  -1.000000000000e+00
    re_4_7    fcap_re_5_4_7  -1.000000000000e+00
    re_4_7    fcap_re_7_4_7  -1.000000000000e+00
    re_4_7    fcap_re_8_4_7  -1.000000000000e+00
    re_4_7    fcap_re_9_4_7  -1.000000000000e+00
    re_4_7    fcap_re_10_4_7  -1.000000000000e+00
    re_4_8    deliver_re_4_8  -1.000000000000e+00
    re_4_8    fcap_re_2_4_8  -1.000000000000e+00
    re_4_8    fcap_re_3_4_8  -1.000000000000e+00
    re_4_8    fcap_re_4_4_8  -1.000000000000e+00
    re_4_8    fcap_re_5_4_8  -1.000000000000e+00
    re_4_8    fcap_re_7_4_8  -1.000000000000e+00
    re_4_8    fcap_re_8_4_8  -1.000000000000e+00
    re_4_8    fcap_re_9_4_8  -1.000000000000e+00
    re_4_8    fcap_re_10_4_8  -1.000000000000e+00
    re_4_9    deliver_re_4_9  -1.000000000000e+00
    re_4_9    fcap_re_2_4_9  -1.000000000000e+00
    re_4_9    fcap_re_3_4_9  -1.000000000000e+00
    re_4_9    fcap_re_4_4_9  -1.000000000000e+00
    re_4_9    fcap_re_5_4_9  -1.000000000000e+00
    re_4_9    fcap_re_7_4_9  -1.000000000000e+00
    re_4_9    fcap_re_8_4_9  -1.000000000000e+00
    re_4_9    fcap_re_9_4_9  -1.000000000000e+00
    re_4_9    fcap_re_10_4_9  -1.000000000000e+00
    re_5_10   deliver_re_5_10  -1.000000000000e+00
    re_5_10   fcap_re_2_5_10  -1.000000000000e+00
    re_5_10   fcap_re_3_5_10  -1.000000000000e+00
    re_5_10   fcap_re_4_5_10  -1.000000000000e+00
    re_5_10   fcap_re_5_5_10  -1.000000000000e+00
    re_5_10   fcap_re_7_5_10  -1.000000000000e+00
    re_5_10   fcap_re_8_5_10  -1.000000000000e+00
    re_5_10   fcap_re_9_5_10  -1.000000000000e+00
    re_5_10   fcap_re_10_5_10  -1.000000000000e+00
    re_5_2    deliver_re_5_2  -1.000000000000e+00
    re_5_2    fcap_re_2_5_2  -1.000000000000e+00
    re_5_2    fcap_re_3_5_2  -1.000000000000e+00
    re_5_2    fcap_re_4_5_2  -1.000000000000e+00
    re_5_2    fcap_re_5_5_2  -1.000000000000e+00
    re_5_2    fcap_re_7_5_2  -1.000000000000e+00
    re_5_2    fcap_re_8_5_2  -1.000000000000e+00
    re_5_2    fcap_re_9_5_2  -1.000000000000e+00
    re_5_2    fcap_re_10_5_2  -1.000000000000e+00
    re_5_3    deliver_re_5_3  -1.000000000000e+00
    re_5_3    fcap_re_2_5_3  -1.000000000000e+00
    re_5_3    fcap_re_3_5_3  -1.000000000000e+00
    re_5_3    fcap_re_4_5_3  -1.000000000000e+00
    re_5_3    fcap_re_5_5_3  -1.000000000000e+00
    re_5_3    fcap_re_7_5_3  -1.000000000000e+00
    re_5_3    fcap_re_8_5_3  -1.000000000000e+00
    re_5_3    fcap_re_9_5_3  -1.000000000000e+00
    re_5_3    fcap_re_10_5_3  -1.000000000000e+00
    re_5_4    deliver_re_5_4  -1.000000000000e+00
    re_5_4    fcap_re_2_5_4  -1.000000000000e+00
    re_5_4    fcap_re_3_5_4  -1.000000000000e+00
    re_5_4    fcap_re_4_5_4  -1.000000000000e+00
    re_5_4    fcap_re_5_5_4  -1.000000000000e+00
    re_5_4    fcap_re_7_5_4  -1.000000000000e+00
    re_5_4    fcap_re_8_5_4  -1.000000000000e+00
    re_5_4    fcap_re_9_5_4  -1.000000000000e+00
    re_5_4    fcap_re_10_5_4  -1.000000000000e+00
    re_5_7    deliver_re_5_7  -1.000000000000e+00
    re_5_7    fcap_re_2_5_7  -1.000000000000e+00
    re_5_7    fcap_re_3_5_7  -1.000000000000e+00
    re_5_7    fcap_re_4_5_7  -1.000000000000e+00
    re_5_7    fcap_re_5_5_7  -1.000000000000e+00
    re_5_7    fcap_re_7_5_7  -1.000000000000e+00
    re_5_7    fcap_re_8_5_7  -1.000000000000e+00
    re_5_7    fcap_re_9_5_7  -1.000000000000e+00
    re_5_7    fcap_re_10_5_7  -1.000000000000e+00
    re_5_8    deliver_re_5_8  -1.000000000000e+00
    re_5_8    fcap_re_2_5_8  -1.000000000000e+00
    re_5_8    fcap_re_3_5_8  -1.000000000000e+00
    re_5_8    fcap_re_4_5_8  -1.000000000000e+00
    re_5_8    fcap_re_5_5_8  -1.000000000000e+00
    re_5_8    fcap_re_7_5_8  -1.000000000000e+00
    re_5_8    fcap_re_8_5_8  -1.000000000000e+00
    re_5_8    fcap_re_9_5_8  -1.000000000000e+00
    re_5_8    fcap_re_10_5_8  -1.000000000000e+00
    re_5_9    deliver_re_5_9  -1.000000000000e+00
    re_5_9    fcap_re_2_5_9  -1.000000000000e+00
    re_5_9    fcap_re_3_5_9  -1.000000000000e+00
    re_5_9    fcap_re_4_5_9  -1.000000000000e+00
    re_5_9    fcap_re_5_5_9  -1.000000000000e+00
    re_5_9    fcap_re_7_5_9  -1.000000000000e+00
    re_5_9    fcap_re_8_5_9  -1.000000000000e+00
    re_5_9    fcap_re_9_5_9  -1.000000000000e+00
    re_5_9    fcap_re_10_5_9  -1.000000000000e+00
    re_7_10   deliver_re_7_10  -1.000000000000e+00
    re_7_10   fcap_re_2_7_10  -1.000000000000e+00
    re_7_10   fcap_re_3_7_10  -1.000000000000e+00
    re_7_10   fcap_re_4_7_10  -1.000000000000e+00
    re_7_10   fcap_re_5_7_10  -1.000000000000e+00
    re_7_10   fcap_re_7_7_10  -1.000000000000e+00
    re_7_10   fcap_re_8_7_10  -1.000000000000e+00
    re_7_10   fcap_re_9_7_10  -1.000000000000e+00
    re_7_10   fcap_re_10_7_10  -1.000000000000e+00
    re_7_2    deliver_re_7_2  -1.000000000000e+00
    re_7_2    fcap_re_2_7_2  -1.000000000000e+00
    re_7_2    fcap_re_3_7_2  -1.000000000000e+00
    re_7_2    fcap_re_4_7_2  -1.000000000000e+00
    re_7_2    fcap_re_5_7_2  -1.000000000000e+00
    re_7_2    fcap_re_7_7_2  -1.000000000000e+00
    re_7_2    fcap_re_8_7_2  -1.000000000000e+00
    re_7_2    fcap_re_9_7_2  -1.000000000000e+00
    re_7_2    fcap_re_10_7_2  -1.000000000000e+00
    re_7_3    deliver_re_7_3  -1.000000000000e+00
    re_7_3    fcap_re_2_7_3  -1.000000000000e+00
    re_7_3    fcap_re_3_7_3  -1.000000000000e+00
    re_7_3    fcap_re_4_7_3  -1.000000000000e+00
    re_7_3    fcap_re_5_7_3  -1.000000000000e+00
    re_7_3    fcap_re_7_7_3  -1.000000000000e+00
    re_7_3    fcap_re_8_7_3  -1.000000000000e+00
    re_7_3    fcap_re_9_7_3  -1.000000000000e+00
    re_7_3    fcap_re_10_7_3  -1.000000000000e+00
    re_7_4    deliver_re_7_4  -1.000000000000e+00
    re_7_4    fcap_re_2_7_4  -1.000000000000e+00
    re_7_4    fcap_re_3_7_4  -1.000000000000e+00
    re_7_4    fcap_re_4_7_4  -1.000000000000e+00
    re_7_4    fcap_re_5_7_4  -1.000000000000e+00
    re_7_4    fcap_re_7_7_4  -1.000000000000e+00
    re_7_4    fcap_re_8_7_4  -1.000000000000e+00
    re_7_4    fcap_re_9_7_4  -1.000000000000e+00
    re_7_4    fcap_re_10_7_4  -1.000000000000e+00
    re_7_5    deliver_re_7_5  -1.000000000000e+00
    re_7_5    fcap_re_2_7_5  -1.000000000000e+00
    re_7_5    fcap_re_3_7_5  -1.000000000000e+00
    re_7_5    fcap_re_4_7_5  -1.000000000000e+00
    re_7_5    fcap_re_5_7_5  -1.000000000000e+00
    re_7_5    fcap_re_7_7_5  -1.000000000000e+00
    re_7_5    fcap_re_8_7_5  -1.000000000000e+00
    re_7_5    fcap_re_9_7_5  -1.000000000000e+00
    re_7_5    fcap_re_10_7_5  -1.000000000000e+00
    re_7_8    deliver_re_7_8  -1.000000000000e+00
    re_7_8    fcap_re_2_7_8  -1.000000000000e+00
    re_7_8    fcap_re_3_7_8  -1.000000000000e+00
    re_7_8    fcap_re_4_7_8  -1.000000000000e+00
    re_7_8    fcap_re_5_7_8  -1.000000000000e+00
    re_7_8    fcap_re_7_7_8  -1.000000000000e+00
    re_7_8    fcap_re_8_7_8  -1.000000000000e+00
    re_7_8    fcap_re_9_7_8  -1.000000000000e+00
    re_7_8    fcap_re_10_7_8  -1.000000000000e+00
    re_7_9    deliver_re_7_9  -1.000000000000e+00
    re_7_9    fcap_re_2_7_9  -1.000000000000e+00
    re_7_9    fcap_re_3_7_9  -1.000000000000e+00
    re_7_9    fcap_re_4_7_9  -1.000000000000e+00
    re_7_9    fcap_re_5_7_9  -1.000000000000e+00
    re_7_9    fcap_re_7_7_9  -1.000000000000e+00
    re_7_9    fcap_re_8_7_9  -1.000000000000e+00
    re_7_9    fcap_re_9_7_9  -1.000000000000e+00
    re_7_9    fcap_re_10_7_9  -1.000000000000e+00
    re_8_10   deliver_re_8_10  -1.000000000000e+00
    re_8_10   fcap_re_2_8_10  -1.000000000000e+00
    re_8_10   fcap_re_3_8_10  -1.000000000000e+00
    re_8_10   fcap_re_4_8_10  -1.000000000000e+00
    re_8_10   fcap_re_5_8_10  -1.000000000000e+00
    re_8_10   fcap_re_7_8_10  -1.000000000000e+00
    re_8_10   fcap_re_8_8_10  -1.000000000000e+00
    re_8_10   fcap_re_9_8_10  -1.000000000000e+00
    re_8_10   fcap_re_10_8_10  -1.000000000000e+00
    re_8_2    deliver_re_8_2  -1.000000000000e+00
    re_8_2    fcap_re_2_8_2  -1.000000000000e+00
    re_8_2    fcap_re_3_8_2  -1.000000000000e+00
    re_8_2    fcap_re_4_8_2  -1.000000000000e+00
    re_8_2    fcap_re_5_8_2  -1.000000000000e+00
    re_8_2    fcap_re_7_8_2  -1.000000000000e+00
    re_8_2    fcap_re_8_8_2  -1.000000000000e+00
    re_8_2    fcap_re_9_8_2  -1.000000000000e+00
    re_8_2    fcap_re_10_8_2  -1.000000000000e+00
    re_8_3    deliver_re_8_3  -1.000000000000e+00
    re_8_3    fcap_re_2_8_3  -1.000000000000e+00
    re_8_3    fcap_re_3_8_3  -1.000000000000e+00
    re_8_3    fcap_re_4_8_3  -1.000000000000e+00
    re_8_3    fcap_re_5_8_3  -1.000000000000e+00
    re_8_3    fcap_re_7_8_3  -1.000000000000e+00
    re_8_3    fcap_re_8_8_3  -1.000000000000e+00
    re_8_3    fcap_re_9_8_3  -1.000000000000e+00
    re_8_3    fcap_re_10_8_3  -1.000000000000e+00
    re_8_4    deliver_re_8_4  -1.000000000000e+00
    re_8_4    fcap_re_2_8_4  -1.000000000000e+00
    re_8_4    fcap_re_3_8_4  -1.000000000000e+00
    re_8_4    fcap_re_4_8_4  -1.000000000000e+00
    re_8_4    fcap_re_5_8_4  -1.000000000000e+00
    re_8_4    fcap_re_7_8_4  -1.000000000000e+00
    re_8_4    fcap_re_8_8_4  -1.000000000000e+00
    re_8_4    fcap_re_9_8_4  -1.000000000000e+00
    re_8_4    fcap_re_10_8_4  -1.000000000000e+00
    re_8_5    deliver_re_8_5  -1.000000000000e+00
    re_8_5    fcap_re_2_8_5  -1.000000000000e+00
    re_8_5    fcap_re_3_8_5  -1.000000000000e+00
    re_8_5    fcap_re_4_8_5  -1.000000000000e+00
    re_8_5    fcap_re_5_8_5  -1.000000000000e+00
    re_8_5    fcap_re_7_8_5  -1.000000000000e+00
    re_8_5    fcap_re_8_8_5  -1.000000000000e+00
    re_8_5    fcap_re_9_8_5  -1.000000000000e+00
    re_8_5    fcap_re_10_8_5  -1.000000000000e+00
    re_8_7    deliver_re_8_7  -1.000000000000e+00
    re_8_7    fcap_re_2_8_7  -1.000000000000e+00
    re_8_7    fcap_re_3_8_7  -1.000000000000e+00
    re_8_7    fcap_re_4_8_7  -1.000000000000e+00
    re_8_7    fcap_re_5_8_7  -1.000000000000e+00
    re_8_7    fcap_re_7_8_7  -1.000000000000e+00
    re_8_7    fcap_re_8_8_7  -1.000000000000e+00
    re_8_7    fcap_re_9_8_7  -1.000000000000e+00
    re_8_7    fcap_re_10_8_7  -1.000000000000e+00
    re_8_9    deliver_re_8_9  -1.000000000000e+00
    re_8_9    fcap_re_2_8_9  -1.000000000000e+00
    re_8_9    fcap_re_3_8_9  -1.000000000000e+00
    re_8_9    fcap_re_4_8_9  -1.000000000000e+00
    re_8_9    fcap_re_5_8_9  -1.000000000000e+00
    re_8_9    fcap_re_7_8_9  -1.000000000000e+00
    re_8_9    fcap_re_8_8_9  -1.000000000000e+00
    re_8_9    fcap_re_9_8_9  -1.000000000000e+00
    re_8_9    fcap_re_10_8_9  -1.000000000000e+00
    re_9_10   deliver_re_9_10  -1.000000000000e+00
    re_9_10   fcap_re_2_9_10  -1.000000000000e+00
    re_9_10   fcap_re_3_9_10  -1.000000000000e+00
    re_9_10   fcap_re_4_9_10  -1.000000000000e+00
    re_9_10   fcap_re_5_9_10  -1.000000000000e+00
    re_9_10   fcap_re_7_9_10  -1.000000000000e+00
    re_9_10   fcap_re_8_9_10  -1.000000000000e+00
    re_9_10   fcap_re_9_9_10  -1.000000000000e+00
    re_9_10   fcap_re_10_9_10  -1.000000000000e+00
    re_9_2    deliver_re_9_2  -1.000000000000e+00
    re_9_2    fcap_re_2_9_2  -1.000000000000e+00
    re_9_2    fcap_re_3_9_2  -1.000000000000e+00
    re_9_2    fcap_re_4_9_2  -1.000000000000e+00
    re_9_2    fcap_re_5_9_2  -1.000000000000e+00
    re_9_2    fcap_re_7_9_2  -1.000000000000e+00
    re_9_2    fcap_re_8_9_2  -1.000000000000e+00
    re_9_2    fcap_re_9_9_2  -1.000000000000e+00
    re_9_2    fcap_re_10_9_2  -1.000000000000e+00
    re_9_3    deliver_re_9_3  -1.000000000000e+00
    re_9_3    fcap_re_2_9_3  -1.000000000000e+00
    re_9_3    fcap_re_3_9_3  -1.000000000000e+00
    re_9_3    fcap_re_4_9_3  -1.000000000000e+00
    re_9_3    fcap_re_5_9_3  -1.000000000000e+00
    re_9_3    fcap_re_7_9_3  -1.000000000000e+00
    re_9_3    fcap_re_8_9_3  -1.000000000000e+00
    re_9_3    fcap_re_9_9_3  -1.000000000000e+00
    re_9_3    fcap_re_10_9_3  -1.000000000000e+00
    re_9_4    deliver_re_9_4  -1.000000000000e+00
    re_9_4    fcap_re_2_9_4  -1.000000000000e+00
    re_9_4    fcap_re_3_9_4  -1.000000000000e+00
    re_9_4    fcap_re_4_9_4  -1.000000000000e+00
    re_9_4    fcap_re_5_9_4  -1.000000000000e+00
    re_9_4    fcap_re_7_9_4  -1.000000000000e+00
    re_9_4    fcap_re_8_9_4  -1.000000000000e+00
    re_9_4    fcap_re_9_9_4  -1.000000000000e+00
    re_9_4    fcap_re_10_9_4  -1.000000000000e+00
    re_9_5    deliver_re_9_5  -1.000000000000e+00
    re_9_5    fcap_re_2_9_5  -1.000000000000e+00
    re_9_5    fcap_re_3_9_5  -1.000000000000e+00
    re_9_5    fcap_re_4_9_5  -1.000000000000e+00
    re_9_5    fcap_re_5_9_5  -1.000000000000e+00
    re_9_5    fcap_re_7_9_5  -1.000000000000e+00
    re_9_5    fcap_re_8_9_5  -1.000000000000e+00
    re_9_5    fcap_re_9_9_5  -1.000000000000e+00
    re_9_5    fcap_re_10_9_5  -1.000000000000e+00
    re_9_7    deliver_re_9_7  -1.000000000000e+00
    re_9_7    fcap_re_2_9_7  -1.000000000000e+00
    re_9_7    fcap_re_3_9_7  -1.000000000000e+00
    re_9_7    fcap_re_4_9_7  -1.000000000000e+00
    re_9_7    fcap_re_5_9_7  -1.000000000000e+00
    re_9_7    fcap_re_7_9_7  -1.000000000000e+00
    re_9_7    fcap_re_8_9_7  -1.000000000000e+00
    re_9_7    fcap_re_9_9_7  -1.000000000000e+00
    re_9_7    fcap_re_10_9_7  -1.000000000000e+00
    re_9_8    deliver_re_9_8  -1.000000000000e+00
    re_9_8    fcap_re_2_9_8  -1.000000000000e+00
    re_9_8    fcap_re_3_9_8  -1.000000000000e+00
    re_9_8    fcap_re_4_9_8  -1.000000000000e+00
    re_9_8    fcap_re_5_9_8  -1.000000000000e+00
    re_9_8    fcap_re_7_9_8  -1.000000000000e+00
    re_9_8    fcap_re_8_9_8  -1.000000000000e+00
    re_9_8    fcap_re_9_9_8  -1.000000000000e+00
    re_9_8    fcap_re_10_9_8  -1.000000000000e+00
    route_bc_10_0_2  relay_bc_10_0  -1.000000000000e+00
    route_bc_10_0_2  deliver_bc_10_2   1.000000000000e+00
    route_bc_10_0_2  cap_0_2    1.000000000000e+00
    route_bc_10_0_3  relay_bc_10_0  -1.000000000000e+00
    route_bc_10_0_3  deliver_bc_10_3   1.000000000000e+00
    route_bc_10_0_3  cap_0_3    1.000000000000e+00
    route_bc_10_0_4  relay_bc_10_0  -1.000000000000e+00
    route_bc_10_0_4  deliver_bc_10_4   1.000000000000e+00
    route_bc_10_0_4  cap_0_4    1.000000000000e+00
    route_bc_10_0_5  relay_bc_10_0  -1.000000000000e+00
    route_bc_10_0_5  deliver_bc_10_5   1.000000000000e+00
    route_bc_10_0_5  cap_0_5    1.000000000000e+00
    route_bc_10_0_7  relay_bc_10_0  -1.000000000000e+00
    route_bc_10_0_7  deliver_bc_10_7   1.000000000000e+00
    route_bc_10_0_7  cap_0_7    1.000000000000e+00
    route_bc_10_0_8  relay_bc_10_0  -1.000000000000e+00
    route_bc_10_0_8  deliver_bc_10_8   1.000000000000e+00
    route_bc_10_0_8  cap_0_8    1.000000000000e+00
    route_bc_10_0_9  relay_bc_10_0  -1.000000000000e+00
    route_bc_10_0_9  deliver_bc_10_9   1.000000000000e+00
    route_bc_10_0_9  cap_0_9    1.000000000000e+00
    route_bc_10_10_0  relay_bc_10_0   1.000000000000e+00
    route_bc_10_10_0  cap_10_0   1.000000000000e+00
    route_bc_10_10_6  relay_bc_10_6   1.000000000000e+00
    route_bc_10_10_6  cap_10_6   1.000000000000e+00
    route_bc_10_1_2  relay_bc_10_1  -1.000000000000e+00
    route_bc_10_1_2  deliver_bc_10_2   1.000000000000e+00
    route_bc_10_1_2  cap_1_2    1.000000000000e+00
    route_bc_10_1_3  relay_bc_10_1  -1.000000000000e+00
    route_bc_10_1_3  deliver_bc_10_3   1.000000000000e+00
    route_bc_10_1_3  cap_1_3    1.000000000000e+00
    route_bc_10_1_4  relay_bc_10_1  -1.000000000000e+00
    route_bc_10_1_4  deliver_bc_10_4   1.000000000000e+00
    route_bc_10_1_4  cap_1_4    1.000000000000e+00
    route_bc_10_1_5  relay_bc_10_1  -1.000000000000e+00
    route_bc_10_1_5  deliver_bc_10_5   1.000000000000e+00
    route_bc_10_1_5  cap_1_5    1.000000000000e+00
    route_bc_10_6_7  relay_bc_10_6  -1.000000000000e+00
    route_bc_10_6_7  deliver_bc_10_7   1.000000000000e+00
    route_bc_10_6_7  cap_6_7    1.000000000000e+00
    route_bc_10_6_8  relay_bc_10_6  -1.000000000000e+00
    route_bc_10_6_8  deliver_bc_10_8   1.000000000000e+00
    route_bc_10_6_8  cap_6_8    1.000000000000e+00
    route_bc_10_6_9  relay_bc_10_6  -1.000000000000e+00
    route_bc_10_6_9  deliver_bc_10_9   1.000000000000e+00
    route_bc_10_6_9  cap_6_9    1.000000000000e+00
    route_bc_2_0_10  relay_bc_2_0  -1.000000000000e+00
    route_bc_2_0_10  deliver_bc_2_10   1.000000000000e+00
    route_bc_2_0_10  cap_0_10   1.000000000000e+00
    route_bc_2_0_3  relay_bc_2_0  -1.000000000000e+00
    route_bc_2_0_3  deliver_bc_2_3   1.000000000000e+00
    route_bc_2_0_3  cap_0_3    1.000000000000e+00
    route_bc_2_0_4  relay_bc_2_0  -1.000000000000e+00
    route_bc_2_0_4  deliver_bc_2_4   1.000000000000e+00
    route_bc_2_0_4  cap_0_4    1.000000000000e+00
    route_bc_2_0_5  relay_bc_2_0  -1.000000000000e+00
    route_bc_2_0_5  deliver_bc_2_5   1.000000000000e+00
    route_bc_2_0_5  cap_0_5    1.000000000000e+00
    route_bc_2_0_7  relay_bc_2_0  -1.000000000000e+00
    route_bc_2_0_7  deliver_bc_2_7   1.000000000000e+00
    route_bc_2_0_7  cap_0_7    1.000000000000e+00
    route_bc_2_0_8  relay_bc_2_0  -1.000000000000e+00
    route_bc_2_0_8  deliver_bc_2_8   1.000000000000e+00
    route_bc_2_0_8  cap_0_8    1.000000000000e+00
    route_bc_2_0_9  relay_bc_2_0  -1.000000000000e+00
    route_bc_2_0_9  deliver_bc_2_9   1.000000000000e+00
    route_bc_2_0_9  cap_0_9    1.000000000000e+00
    route_bc_2_1_3  relay_bc_2_1  -1.000000000000e+00
    route_bc_2_1_3  deliver_bc_2_3   1.000000000000e+00
    route_bc_2_1_3  cap_1_3    1.000000000000e+00
    route_bc_2_1_4  relay_bc_2_1  -1.000000000000e+00
    route_bc_2_1_4  deliver_bc_2_4   1.000000000000e+00
    route_bc_2_1_4  cap_1_4    1.000000000000e+00
    route_bc_2_1_5  relay_bc_2_1  -1.000000000000e+00
    route_bc_2_1_5  deliver_bc_2_5   1.000000000000e+00
    route_bc_2_1_5  cap_1_5    1.000000000000e+00
    route_bc_2_2_0  relay_bc_2_0   1.000000000000e+00
    route_bc_2_2_0  cap_2_0    1.000000000000e+00
    route_bc_2_2_1  relay_bc_2_1   1.000000000000e+00
    route_bc_2_2_1  cap_2_1    1.000000000000e+00
    route_bc_2_6_10  relay_bc_2_6  -1.000000000000e+00
    route_bc_2_6_10  deliver_bc_2_10   1.000000000000e+00
    route_bc_2_6_10  cap_6_10   1.000000000000e+00
    route_bc_2_6_7  relay_bc_2_6  -1.000000000000e+00
    route_bc_2_6_7  deliver_bc_2_7   1.000000000000e+00
    route_bc_2_6_7  cap_6_7    1.000000000000e+00
    route_bc_2_6_8  relay_bc_2_6  -1.000000000000e+00
    route_bc_2_6_8  deliver_bc_2_8   1.000000000000e+00
    route_bc_2_6_8  cap_6_8    1.000000000000e+00
    route_bc_2_6_9  relay_bc_2_6  -1.000000000000e+00
    route_bc_2_6_9  deliver_bc_2_9   1.000000000000e+00
    route_bc_2_6_9  cap_6_9    1.000000000000e+00
    route_bc_3_0_10  relay_bc_3_0  -1.000000000000e+00
    route_bc_3_0_10  deliver_bc_3_10   1.000000000000e+00
    route_bc_3_0_10  cap_0_10   1.000000000000e+00
    route_bc_3_0_2  relay_bc_3_0  -1.000000000000e+00
    route_bc_3_0_2  deliver_bc_3_2   1.000000000000e+00
    route_bc_3_0_2  cap_0_2    1.000000000000e+00
    route_bc_3_0_4  relay_bc_3_0  -1.000000000000e+00
    route_bc_3_0_4  deliver_bc_3_4   1.000000000000e+00
    route_bc_3_0_4  cap_0_4    1.000000000000e+00
    route_bc_3_0_5  relay_bc_3_0  -1.000000000000e+00
    route_bc_3_0_5  deliver_bc_3_5   1.000000000000e+00
    route_bc_3_0_5  cap_0_5    1.000000000000e+00
    route_bc_3_0_7  relay_bc_3_0  -1.000000000000e+00
    route_bc_3_0_7  deliver_bc_3_7   1.000000000000e+00
    route_bc_3_0_7  cap_0_7    1.000000000000e+00
    route_bc_3_0_8  relay_bc_3_0  -1.000000000000e+00
    route_bc_3_0_8  deliver_bc_3_8   1.000000000000e+00
    route_bc_3_0_8  cap_0_8    1.000000000000e+00
    route_bc_3_0_9  relay_bc_3_0  -1.000000000000e+00
    route_bc_3_0_9  deliver_bc_3_9   1.000000000000e+00
    route_bc_3_0_9  cap_0_9    1.000000000000e+00
    route_bc_3_1_2  relay_bc_3_1  -1.000000000000e+00
    route_bc_3_1_2  deliver_bc_3_2   1.000000000000e+00
    route_bc_3_1_2  cap_1_2    1.000000000000e+00
    route_bc_3_1_4  relay_bc_3_1  -1.000000000000e+00
    route_bc_3_1_4  deliver_bc_3_4   1.000000000000e+00
    route_bc_3_1_4  cap_1_4    1.000000000000e+00
    route_bc_3_1_5  relay_bc_3_1  -1.000000000000e+00
    route_bc_3_1_5  deliver_bc_3_5   1.000000000000e+00
    route_bc_3_1_5  cap_1_5    1.000000000000e+00
    route_bc_3_3_0  relay_bc_3_0   1.000000000000e+00
    route_bc_3_3_0  cap_3_0    1.000000000000e+00
    route_bc_3_3_1  relay_bc_3_1   1.000000000000e+00
    route_bc_3_3_1  cap_3_1    1.000000000000e+00
    route_bc_3_6_10  relay_bc_3_6  -1.000000000000e+00
    route_bc_3_6_10  deliver_bc_3_10   1.000000000000e+00
    route_bc_3_6_10  cap_6_10   1.000000000000e+00
    route_bc_3_6_7  relay_bc_3_6  -1.000000000000e+00
    route_bc_3_6_7  deliver_bc_3_7   1.000000000000e+00
    route_bc_3_6_7  cap_6_7    1.000000000000e+00
    route_bc_3_6_8  relay_bc_3_6  -1.000000000000e+00
    route_bc_3_6_8  deliver_bc_3_8   1.000000000000e+00
    route_bc_3_6_8  cap_6_8    1.000000000000e+00
    route_bc_3_6_9  relay_bc_3_6  -1.000000000000e+00
    route_bc_3_6_9  deliver_bc_3_9   1.000000000000e+00
    route_bc_3_6_9  cap_6_9    1.000000000000e+00
    route_bc_4_0_10  relay_bc_4_0  -1.000000000000e+00
    route_bc_4_0_10  deliver_bc_4_10   1.000000000000e+00
    route_bc_4_0_10  cap_0_10   1.000000000000e+00
    route_bc_4_0_2  relay_bc_4_0  -1.000000000000e+00
    route_bc_4_0_2  deliver_bc_4_2   1.000000000000e+00
    route_bc_4_0_2  cap_0_2    1.000000000000e+00
    route_bc_4_0_3  relay_bc_4_0  -1.000000000000e+00
    route_bc_4_0_3  deliver_bc_4_3   1.000000000000e+00
    route_bc_4_0_3  cap_0_3    1.000000000000e+00
    route_bc_4_0_5  relay_bc_4_0  -1.000000000000e+00
    route_bc_4_0_5  deliver_bc_4_5   1.000000000000e+00
    route_bc_4_0_5  cap_0_5    1.000000000000e+00
    route_bc_4_0_7  relay_bc_4_0  -1.000000000000e+00
    route_bc_4_0_7  deliver_bc_4_7   1.000000000000e+00
    route_bc_4_0_7  cap_0_7    1.000000000000e+00
    route_bc_4_0_8  relay_bc_4_0  -1.000000000000e+00
    route_bc_4_0_8  deliver_bc_4_8   1.000000000000e+00
    route_bc_4_0_8  cap_0_8    1.000000000000e+00
    route_bc_4_0_9  relay_bc_4_0  -1.000000000000e+00
    route_bc_4_0_9  deliver_bc_4_9   1.000000000000e+00
    route_bc_4_0_9  cap_0_9    1.000000000000e+00
    route_bc_4_1_2  relay_bc_4_1  -1.000000000000e+00
    route_bc_4_1_2  deliver_bc_4_2   1.000000000000e+00
    route_bc_4_1_2  cap_1_2    1.000000000000e+00
    route_bc_4_1_3  relay_bc_4_1  -1.000000000000e+00
    route_bc_4_1_3  deliver_bc_4_3   1.000000000000e+00
    route_bc_4_1_3  cap_1_3    1.000000000000e+00
    route_bc_4_1_5  relay_bc_4_1  -1.000000000000e+00
    route_bc_4_1_5  deliver_bc_4_5   1.000000000000e+00
    route_bc_4_1_5  cap_1_5    1.000000000000e+00
    route_bc_4_4_0  relay_bc_4_0   1.000000000000e+00
    route_bc_4_4_0  cap_4_0    1.000000000000e+00
    route_bc_4_4_1  relay_bc_4_1   1.000000000000e+00
    route_bc_4_4_1  cap_4_1    1.000000000000e+00
    route_bc_4_6_10  relay_bc_4_6  -1.000000000000e+00
    route_bc_4_6_10  deliver_bc_4_10   1.000000000000e+00
    route_bc_4_6_10  cap_6_10   1.000000000000e+00
    route_bc_4_6_7  relay_bc_4_6  -1.000000000000e+00
    route_bc_4_6_7  deliver_bc_4_7   1.000000000000e+00
    route_bc_4_6_7  cap_6_7    1.000000000000e+00
    route_bc_4_6_8  relay_bc_4_6  -1.000000000000e+00
    route_bc_4_6_8  deliver_bc_4_8   1.000000000000e+00
    route_bc_4_6_8  cap_6_8    1.000000000000e+00
    route_bc_4_6_9  relay_bc_4_6  -1.000000000000e+00
    route_bc_4_6_9  deliver_bc_4_9   1.000000000000e+00
    route_bc_4_6_9  cap_6_9    1.000000000000e+00
    route_bc_5_0_10  relay_bc_5_0  -1.000000000000e+00
    route_bc_5_0_10  deliver_bc_5_10   1.000000000000e+00
    route_bc_5_0_10  cap_0_10   1.000000000000e+00
    route_bc_5_0_2  relay_bc_5_0  -1.000000000000e+00
    route_bc_5_0_2  deliver_bc_5_2   1.000000000000e+00
    route_bc_5_0_2  cap_0_2    1.000000000000e+00
    route_bc_5_0_3  relay_bc_5_0  -1.000000000000e+00
    route_bc_5_0_3  deliver_bc_5_3   1.000000000000e+00
    route_bc_5_0_3  cap_0_3    1.000000000000e+00
    route_bc_5_0_4  relay_bc_5_0  -1.000000000000e+00
    route_bc_5_0_4  deliver_bc_5_4   1.000000000000e+00
    route_bc_5_0_4  cap_0_4    1.000000000000e+00
    route_bc_5_0_7  relay_bc_5_0  -1.000000000000e+00
    route_bc_5_0_7  deliver_bc_5_7   1.000000000000e+00
    route_bc_5_0_7  cap_0_7    1.000000000000e+00
    route_bc_5_0_8  relay_bc_5_0  -1.000000000000e+00
    route_bc_5_0_8  deliver_bc_5_8   1.000000000000e+00
    route_bc_5_0_8  cap_0_8    1.000000000000e+00
    route_bc_5_0_9  relay_bc_5_0  -1.000000000000e+00
    route_bc_5_0_9  deliver_bc_5_9   1.000000000000e+00
    route_bc_5_0_9  cap_0_9    1.000000000000e+00
    route_bc_5_1_2  relay_bc_5_1  -1.000000000000e+00
    route_bc_5_1_2  deliver_bc_5_2   1.000000000000e+00
    route_bc_5_1_2  cap_1_2    1.000000000000e+00
    route_bc_5_1_3  relay_bc_5_1  -1.000000000000e+00
    route_bc_5_1_3  deliver_bc_5_3   1.000000000000e+00
    route_bc_5_1_3  cap_1_3    1.000000000000e+00
    route_bc_5_1_4  relay_bc_5_1  -1.000000000000e+00
    route_bc_5_1_4  deliver_bc_5_4   1.000000000000e+00
    route_bc_5_1_4  cap_1_4    1.000000000000e+00
    route_bc_5_5_0  relay_bc_5_0   1.000000000000e+00
    route_bc_5_5_0  cap_5_0    1.000000000000e+00
    route_bc_5_5_1  relay_bc_5_1   1.000000000000e+00
    route_bc_5_5_1  cap_5_1    1.000000000000e+00
    route_bc_5_6_10  relay_bc_5_6  -1.000000000000e+00
    route_bc_5_6_10  deliver_bc_5_10   1.000000000000e+00
    route_bc_5_6_10  cap_6_10   1.000000000000e+00
    route_bc_5_6_7  relay_bc_5_6  -1.000000000000e+00
    route_bc_5_6_7  deliver_bc_5_7   1.000000000000e+00
    route_bc_5_6_7  cap_6_7    1.000000000000e+00
    route_bc_5_6_8  relay_bc_5_6  -1.000000000000e+00
    route_bc_5_6_8  deliver_bc_5_8   1.000000000000e+00
    route_bc_5_6_8  cap_6_8    1.000000000000e+00
    route_bc_5_6_9  relay_bc_5_6  -1.000000000000e+00
    route_bc_5_6_9  deliver_bc_5_9   1.000000000000e+00
    route_bc_5_6_9  cap_6_9    1.000000000000e+00
    route_bc_7_0_10  relay_bc_7_0  -1.000000000000e+00
    route_bc_7_0_10  deliver_bc_7_10   1.000000000000e+00
    route_bc_7_0_10  cap_0_10   1.000000000000e+00
    route_bc_7_0_2  relay_bc_7_0  -1.000000000000e+00
    route_bc_7_0_2  deliver_bc_7_2   1.000000000000e+00
    route_bc_7_0_2  cap_0_2    1.000000000000e+00
    route_bc_7_0_3  relay_bc_7_0  -1.000000000000e+00
    route_bc_7_0_3  deliver_bc_7_3   1.000000000000e+00
    route_bc_7_0_3  cap_0_3    1.000000000000e+00
    route_bc_7_0_4  relay_bc_7_0  -1.000000000000e+00
    route_bc_7_0_4  deliver_bc_7_4   1.000000000000e+00
    route_bc_7_0_4  cap_0_4    1.000000000000e+00
    route_bc_7_0_5  relay_bc_7_0  -1.000000000000e+00
    route_bc_7_0_5  deliver_bc_7_5   1.000000000000e+00
    route_bc_7_0_5  cap_0_5    1.000000000000e+00
    route_bc_7_0_8  relay_bc_7_0  -1.000000000000e+00
    route_bc_7_0_8  deliver_bc_7_8   1.000000000000e+00
    route_bc_7_0_8  cap_0_8    1.000000000000e+00
    route_bc_7_0_9  relay_bc_7_0  -1.000000000000e+00
    route_bc_7_0_9  deliver_bc_7_9   1.000000000000e+00
    route_bc_7_0_9  cap_0_9    1.000000000000e+00
    route_bc_7_1_2  relay_bc_7_1  -1.000000000000e+00
    route_bc_7_1_2  deliver_bc_7_2   1.000000000000e+00
    route_bc_7_1_2  cap_1_2    1.000000000000e+00
    route_bc_7_1_3  relay_bc_7_1  -1.000000000000e+00
    route_bc_7_1_3  deliver_bc_7_3   1.000000000000e+00
    route_bc_7_1_3  cap_1_3    1.000000000000e+00
    route_bc_7_1_4  relay_bc_7_1  -1.000000000000e+00
    route_bc_7_1_4  deliver_bc_7_4   1.000000000000e+00
    route_bc_7_1_4  cap_1_4    1.000000000000e+00
    route_bc_7_1_5  relay_bc_7_1  -1.000000000000e+00
    route_bc_7_1_5  deliver_bc_7_5   1.000000000000e+00
    route_bc_7_1_5  cap_1_5    1.000000000000e+00
    route_bc_7_6_10  relay_bc_7_6  -1.000000000000e+00
    route_bc_7_6_10  deliver_bc_7_10   1.000000000000e+00
    route_bc_7_6_10  cap_6_10   1.000000000000e+00
    route_bc_7_6_8  relay_bc_7_6  -1.000000000000e+00
    route_bc_7_6_8  deliver_bc_7_8   1.000000000000e+00
    route_bc_7_6_8  cap_6_8    1.000000000000e+00
    route_bc_7_6_9  relay_bc_7_6  -1.000000000000e+00
    route_bc_7_6_9  deliver_bc_7_9   1.000000000000e+00
    route_bc_7_6_9  cap_6_9    1.000000000000e+00
    route_bc_7_7_0  relay_bc_7_0   1.000000000000e+00
    route_bc_7_7_0  cap_7_0    1.000000000000e+00
    route_bc_7_7_6  relay_bc_7_6   1.000000000000e+00
    route_bc_7_7_6  cap_7_6    1.000000000000e+00
    route_bc_8_0_10  relay_bc_8_0  -1.000000000000e+00
    route_bc_8_0_10  deliver_bc_8_10   1.000000000000e+00
    route_bc_8_0_10  cap_0_10   1.000000000000e+00
    route_bc_8_0_2  relay_bc_8_0  -1.000000000000e+00
    route_bc_8_0_2  deliver_bc_8_2   1.000000000000e+00
    route_bc_8_0_2  cap_0_2    1.000000000000e+00
    route_bc_8_0_3  relay_bc_8_0  -1.000000000000e+00
    route_bc_8_0_3  deliver_bc_8_3   1.000000000000e+00
    route_bc_8_0_3  cap_0_3    1.000000000000e+00
    route_bc_8_0_4  relay_bc_8_0  -1.000000000000e+00
    route_bc_8_0_4  deliver_bc_8_4   1.000000000000e+00
    route_bc_8_0_4  cap_0_4    1.000000000000e+00
    route_bc_8_0_5  relay_bc_8_0  -1.000000000000e+00
    route_bc_8_0_5  deliver_bc_8_5   1.000000000000e+00
    route_bc_8_0_5  cap_0_5    1.000000000000e+00
    route_bc_8_0_7  relay_bc_8_0  -1.000000000000e+00
    route_bc_8_0_7  deliver_bc_8_7   1.000000000000e+00
    route_bc_8_0_7  cap_0_7    1.000000000000e+00
    route_bc_8_0_9  relay_bc_8_0  -1.000000000000e+00
    route_bc_8_0_9  deliver_bc_8_9   1.000000000000e+00
    route_bc_8_0_9  cap_0_9    1.000000000000e+00
    route_bc_8_1_2  relay_bc_8_1  -1.000000000000e+00
    route_bc_8_1_2  deliver_bc_8_2   1.000000000000e+00
    route_bc_8_1_2  cap_1_2    1.000000000000e+00
    route_bc_8_1_3  relay_bc_8_1  -1.000000000000e+00
    route_bc_8_1_3  deliver_bc_8_3   1.000000000000e+00
    route_bc_8_1_3  cap_1_3    1.000000000000e+00
    route_bc_8_1_4  relay_bc_8_1  -1.000000000000e+00
    route_bc_8_1_4  deliver_bc_8_4   1.000000000000e+00
    route_bc_8_1_4  cap_1_4    1.000000000000e+00
    route_bc_8_1_5  relay_bc_8_1  -1.000000000000e+00
    route_bc_8_1_5  deliver_bc_8_5   1.000000000000e+00
    route_bc_8_1_5  cap_1_5    1.000000000000e+00
    route_bc_8_6_10  relay_bc_8_6  -1.000000000000e+00
    route_bc_8_6_10  deliver_bc_8_10   1.000000000000e+00
    route_bc_8_6_10  cap_6_10   1.000000000000e+00
    route_bc_8_6_7  relay_bc_8_6  -1.000000000000e+00
    route_bc_8_6_7  deliver_bc_8_7   1.000000000000e+00
    route_bc_8_6_7  cap_6_7    1.000000000000e+00
    route_bc_8_6_9  relay_bc_8_6  -1.000000000000e+00
    route_bc_8_6_9  deliver_bc_8_9   1.000000000000e+00
    route_bc_8_6_9  cap_6_9    1.000000000000e+00
    route_bc_8_8_0  relay_bc_8_0   1.000000000000e+00
    route_bc_8_8_0  cap_8_0    1.000000000000e+00
    route_bc_8_8_6  relay_bc_8_6   1.000000000000e+00
    route_bc_8_8_6  cap_8_6    1.000000000000e+00
    route_bc_9_0_10  relay_bc_9_0  -1.000000000000e+00
    route_bc_9_0_10  deliver_bc_9_10   1.000000000000e+00
    route_bc_9_0_10  cap_0_10   1.000000000000e+00
    route_bc_9_0_2  relay_bc_9_0  -1.000000000000e+00
    route_bc_9_0_2  deliver_bc_9_2   1.000000000000e+00
    route_bc_9_0_2  cap_0_2    1.000000000000e+00
    route_bc_9_0_3  relay_bc_9_0  -1.000000000000e+00
    route_bc_9_0_3  deliver_bc_9_3   1.000000000000e+00
    route_bc_9_0_3  cap_0_3    1.000000000000e+00
    route_bc_9_0_4  relay_bc_9_0  -1.000000000000e+00
    route_bc_9_0_4  deliver_bc_9_4   1.000000000000e+00
    route_bc_9_0_4  cap_0_4    1.000000000000e+00
    route_bc_9_0_5  relay_bc_9_0  -1.000000000000e+00
    route_bc_9_0_5  deliver_bc_9_5   1.000000000000e+00
    route_bc_9_0_5  cap_0_5    1.000000000000e+00
    route_bc_9_0_7  relay_bc_9_0  -1.000000000000e+00
    route_bc_9_0_7  deliver_bc_9_7   1.000000000000e+00
    route_bc_9_0_7  cap_0_7    1.000000000000e+00
    route_bc_9_0_8  relay_bc_9_0  -1.000000000000e+00
    route_bc_9_0_8  deliver_bc_9_8   1.000000000000e+00
    route_bc_9_0_8  cap_0_8    1.000000000000e+00
    route_bc_9_1_2  relay_bc_9_1  -1.000000000000e+00
    route_bc_9_1_2  deliver_bc_9_2   1.000000000000e+00
    route_bc_9_1_2  cap_1_2    1.000000000000e+00
    route_bc_9_1_3  relay_bc_9_1  -1.000000000000e+00
    route_bc_9_1_3  deliver_bc_9_3   1.000000000000e+00
    route_bc_9_1_3  cap_1_3    1.000000000000e+00
    route_bc_9_1_4  relay_bc_9_1  -1.000000000000e+00
    route_bc_9_1_4  deliver_bc_9_4   1.000000000000e+00
    route_bc_9_1_4  cap_1_4    1.000000000000e+00
    route_bc_9_1_5  relay_bc_9_1  -1.000000000000e+00
    route_bc_9_1_5  deliver_bc_9_5   1.000000000000e+00
    route_bc_9_1_5  cap_1_5    1.000000000000e+00
    route_bc_9_6_10  relay_bc_9_6  -1.000000000000e+00
    route_bc_9_6_10  deliver_bc_9_10   1.000000000000e+00
    route_bc_9_6_10  cap_6_10   1.000000000000e+00
    route_bc_9_6_7  relay_bc_9_6  -1.000000000000e+00
    route_bc_9_6_7  deliver_bc_9_7   1.000000000000e+00
    route_bc_9_6_7  cap_6_7    1.000000000000e+00
    route_bc_9_6_8  relay_bc_9_6  -1.000000000000e+00
    route_bc_9_6_8  deliver_bc_9_8   1.000000000000e+00
    route_bc_9_6_8  cap_6_8    1.000000000000e+00
    route_bc_9_9_0  relay_bc_9_0   1.000000000000e+00
    route_bc_9_9_0  cap_9_0    1.000000000000e+00
    route_bc_9_9_6  relay_bc_9_6   1.000000000000e+00
    route_bc_9_9_6  cap_9_6    1.000000000000e+00
    route_re_10_0_2  relay_re_10_0  -1.000000000000e+00
    route_re_10_0_2  deliver_re_10_2   1.000000000000e+00
    route_re_10_0_2  cap_0_2    1.000000000000e+00
    route_re_10_0_3  relay_re_10_0  -1.000000000000e+00
    route_re_10_0_3  deliver_re_10_3   1.000000000000e+00
    route_re_10_0_3  cap_0_3    1.000000000000e+00
    route_re_10_0_4  relay_re_10_0  -1.000000000000e+00
    route_re_10_0_4  deliver_re_10_4   1.000000000000e+00
    route_re_10_0_4  cap_0_4    1.000000000000e+00
    route_re_10_0_5  relay_re_10_0  -1.000000000000e+00
    route_re_10_0_5  deliver_re_10_5   1.000000000000e+00
    route_re_10_0_5  cap_0_5    1.000000000000e+00
    route_re_10_0_7  relay_re_10_0  -1.000000000000e+00
    route_re_10_0_7  deliver_re_10_7   1.000000000000e+00
    route_re_10_0_7  cap_0_7    1.000000000000e+00
    route_re_10_0_8  relay_re_10_0  -1.000000000000e+00
    route_re_10_0_8  deliver_re_10_8   1.000000000000e+00
    route_re_10_0_8  cap_0_8    1.000000000000e+00
    route_re_10_0_9  relay_re_10_0  -1.000000000000e+00
    route_re_10_0_9  deliver_re_10_9   1.000000000000e+00
    route_re_10_0_9  cap_0_9    1.000000000000e+00
    route_re_10_10_0  relay_re_10_0   1.000000000000e+00
    route_re_10_10_0  cap_10_0   1.000000000000e+00
    route_re_10_10_6  relay_re_10_6   1.000000000000e+00
    route_re_10_10_6  cap_10_6   1.000000000000e+00
    route_re_10_1_2  relay_re_10_1  -1.000000000000e+00
    route_re_10_1_2  deliver_re_10_2   1.000000000000e+00
    route_re_10_1_2  cap_1_2    1.000000000000e+00
    route_re_10_1_3  relay_re_10_1  -1.000000000000e+00
    route_re_10_1_3  deliver_re_10_3   1.000000000000e+00
    route_re_10_1_3  cap_1_3    1.000000000000e+00
    route_re_10_1_4  relay_re_10_1  -1.000000000000e+00
    route_re_10_1_4  deliver_re_10_4   1.000000000000e+00
    route_re_10_1_4  cap_1_4    1.000000000000e+00
    route_re_10_1_5  relay_re_10_1  -1.000000000000e+00
    route_re_10_1_5  deliver_re_10_5   1.000000000000e+00
    route_re_10_1_5  cap_1_5    1.000000000000e+00
    route_re_10_6_7  relay_re_10_6  -1.000000000000e+00
    route_re_10_6_7  deliver_re_10_7   1.000000000000e+00
    route_re_10_6_7  cap_6_7    1.000000000000e+00
    route_re_10_6_8  relay_re_10_6  -1.000000000000e+00
    route_re_10_6_8  deliver_re_10_8   1.000000000000e+00
    route_re_10_6_8  cap_6_8    1.000000000000e+00
    route_re_10_6_9  relay_re_10_6  -1.000000000000e+00
    route_re_10_6_9  deliver_re_10_9   1.000000000000e+00
    route_re_10_6_9  cap_6_9    1.000000000000e+00
    route_re_2_0_10  relay_re_2_0  -1.000000000000e+00
    route_re_2_0_10  deliver_re_2_10   1.000000000000e+00
    route_re_2_0_10  cap_0_10   1.000000000000e+00
    route_re_2_0_3  relay_re_2_0  -1.000000000000e+00
    route_re_2_0_3  deliver_re_2_3   1.000000000000e+00
    route_re_2_0_3  cap_0_3    1.000000000000e+00
    route_re_2_0_4  relay_re_2_0  -1.000000000000e+00
    route_re_2_0_4  deliver_re_2_4   1.000000000000e+00
    route_re_2_0_4  cap_0_4    1.000000000000e+00
    route_re_2_0_5  relay_re_2_0  -1.000000000000e+00
    route_re_2_0_5  deliver_re_2_5   1.000000000000e+00
    route_re_2_0_5  cap_0_5    1.000000000000e+00
    route_re_2_0_7  relay_re_2_0  -1.000000000000e+00
    route_re_2_0_7  deliver_re_2_7   1.000000000000e+00
    route_re_2_0_7  cap_0_7    1.000000000000e+00
    route_re_2_0_8  relay_re_2_0  -1.000000000000e+00
    route_re_2_0_8  deliver_re_2_8   1.000000000000e+00
    route_re_2_0_8  cap_0_8    1.000000000000e+00
    route_re_2_0_9  relay_re_2_0  -1.000000000000e+00
    route_re_2_0_9  deliver_re_2_9   1.000000000000e+00
    route_re_2_0_9  cap_0_9    1.000000000000e+00
    route_re_2_1_3  relay_re_2_1  -1.000000000000e+00
    route_re_2_1_3  deliver_re_2_3   1.000000000000e+00
    route_re_2_1_3  cap_1_3    1.000000000000e+00
    route_re_2_1_4  relay_re_2_1  -1.000000000000e+00
    route_re_2_1_4  deliver_re_2_4   1.000000000000e+00
    route_re_2_1_4  cap_1_4    1.000000000000e+00
    route_re_2_1_5  relay_re_2_1  -1.000000000000e+00
    route_re_2_1_5  deliver_re_2_5   1.000000000000e+00
    route_re_2_1_5  cap_1_5    1.000000000000e+00
    route_re_2_2_0  relay_re_2_0   1.000000000000e+00
    route_re_2_2_0  cap_2_0    1.000000000000e+00
    route_re_2_2_1  relay_re_2_1   1.000000000000e+00
    route_re_2_2_1  cap_2_1    1.000000000000e+00
    route_re_2_6_10  relay_re_2_6  -1.000000000000e+00
    route_re_2_6_10  deliver_re_2_10   1.000000000000e+00
    route_re_2_6_10  cap_6_10   1.000000000000e+00
    route_re_2_6_7  relay_re_2_6  -1.000000000000e+00
    route_re_2_6_7  deliver_re_2_7   1.000000000000e+00
    route_re_2_6_7  cap_6_7    1.000000000000e+00
    route_re_2_6_8  relay_re_2_6  -1.000000000000e+00
    route_re_2_6_8  deliver_re_2_8   1.000000000000e+00
    route_re_2_6_8  cap_6_8    1.000000000000e+00
    route_re_2_6_9  relay_re_2_6  -1.000000000000e+00
    route_re_2_6_9  deliver_re_2_9   1.000000000000e+00
    route_re_2_6_9  cap_6_9    1.000000000000e+00
    route_re_3_0_10  relay_re_3_0  -1.000000000000e+00
    route_re_3_0_10  deliver_re_3_10   1.000000000000e+00
    route_re_3_0_10  cap_0_10   1.000000000000e+00
    route_re_3_0_2  relay_re_3_0  -1.000000000000e+00
    route_re_3_0_2  deliver_re_3_2   1.000000000000e+00
    route_re_3_0_2  cap_0_2    1.000000000000e+00
    route_re_3_0_4  relay_re_3_0  -1.000000000000e+00
    route_re_3_0_4  deliver_re_3_4   1.000000000000e+00
    route_re_3_0_4  cap_0_4    1.000000000000e+00
    route_re_3_0_5  relay_re_3_0  -1.000000000000e+00
    route_re_3_0_5  deliver_re_3_5   1.000000000000e+00
    route_re_3_0_5  cap_0_5    1.000000000000e+00
    route_re_3_0_7  relay_re_3_0  -1.000000000000e+00
    route_re_3_0_7  deliver_re_3_7   1.000000000000e+00
    route_re_3_0_7  cap_0_7    1.000000000000e+00
    route_re_3_0_8  relay_re_3_0  -1.000000000000e+00
    route_re_3_0_8  deliver_re_3_8   1.000000000000e+00
    route_re_3_0_8  cap_0_8    1.000000000000e+00
    route_re_3_0_9  relay_re_3_0  -1.000000000000e+00
    route_re_3_0_9  deliver_re_3_9   1.000000000000e+00
    route_re_3_0_9  cap_0_9    1.000000000000e+00
    route_re_3_1_2  relay_re_3_1  -1.000000000000e+00
    route_re_3_1_2  deliver_re_3_2   1.000000000000e+00
    route_re_3_1_2  cap_1_2    1.000000000000e+00
    route_re_3_1_4  relay_re_3_1  -1.000000000000e+00
    route_re_3_1_4  deliver_re_3_4   1.000000000000e+00
    route_re_3_1_4  cap_1_4    1.000000000000e+00
    route_re_3_1_5  relay_re_3_1  -1.000000000000e+00
    route_re_3_1_5  deliver_re_3_5   1.000000000000e+00
    route_re_3_1_5  cap_1_5    1.000000000000e+00
    route_re_3_3_0  relay_re_3_0   1.000000000000e+00
    route_re_3_3_0  cap_3_0    1.000000000000e+00
    route_re_3_3_1  relay_re_3_1   1.000000000000e+00
    route_re_3_3_1  cap_3_1    1.000000000000e+00
    route_re_3_6_10  relay_re_3_6  -1.000000000000e+00
    route_re_3_6_10  deliver_re_3_10   1.000000000000e+00
    route_re_3_6_10  cap_6_10   1.000000000000e+00
    route_re_3_6_7  relay_re_3_6  -1.000000000000e+00
    route_re_3_6_7  deliver_re_3_7   1.000000000000e+00
    route_re_3_6_7  cap_6_7    1.000000000000e+00
    route_re_3_6_8  relay_re_3_6  -1.000000000000e+00
    route_re_3_6_8  deliver_re_3_8   1.000000000000e+00
    route_re_3_6_8  cap_6_8    1.000000000000e+00
    route_re_3_6_9  relay_re_3_6  -1.000000000000e+00
    route_re_3_6_9  deliver_re_3_9   1.000000000000e+00
    route_re_3_6_9  cap_6_9    1.000000000000e+00
    route_re_4_0_10  relay_re_4_0  -1.000000000000e+00
    route_re_4_0_10  deliver_re_4_10   1.000000000000e+00
    route_re_4_0_10  cap_0_10   1.000000000000e+00
    route_re_4_0_2  relay_re_4_0  -1.000000000000e+00
    route_re_4_0_2  deliver_re_4_2   1.000000000000e+00
    route_re_4_0_2  cap_0_2    1.000000000000e+00
    route_re_4_0_3  relay_re_4_0  -1.000000000000e+00
    route_re_4_0_3  deliver_re_4_3   1.000000000000e+00
    route_re_4_0_3  cap_0_3    1.000000000000e+00
    route_re_4_0_5  relay_re_4_0  -1.000000000000e+00
    route_re_4_0_5  deliver_re_4_5   1.000000000000e+00
    route_re_4_0_5  cap_0_5    1.000000000000e+00
    route_re_4_0_7  relay_re_4_0  -1.000000000000e+00
    route_re_4_0_7  deliver_re_4_7   1.000000000000e+00
    route_re_4_0_7  cap_0_7    1.000000000000e+00
    route_re_4_0_8  relay_re_4_0  -1.000000000000e+00
    route_re_4_0_8  deliver_re_4_8   1.000000000000e+00
    route_re_4_0_8  cap_0_8    1.000000000000e+00
    route_re_4_0_9  relay_re_4_0  -1.000000000000e+00
    route_re_4_0_9  deliver_re_4_9   1.000000000000e+00
    route_re_4_0_9  cap_0_9    1.000000000000e+00
    route_re_4_1_2  relay_re_4_1  -1.000000000000e+00
    route_re_4_1_2  deliver_re_4_2   1.000000000000e+00
    route_re_4_1_2  cap_1_2    1.000000000000e+00
    route_re_4_1_3  relay_re_4_1  -1.000000000000e+00
    route_re_4_1_3  deliver_re_4_3   1.000000000000e+00
    route_re_4_1_3  cap_1_3    1.000000000000e+00
    route_re_4_1_5  relay_re_4_1  -1.000000000000e+00
    route_re_4_1_5  deliver_re_4_5   1.000000000000e+00
    route_re_4_1_5  cap_1_5    1.000000000000e+00
    route_re_4_4_0  relay_re_4_0   1.000000000000e+00
    route_re_4_4_0  cap_4_0    1.000000000000e+00
    route_re_4_4_1  relay_re_4_1   1.000000000000e+00
    route_re_4_4_1  cap_4_1    1.000000000000e+00
    route_re_4_6_10  relay_re_4_6  -1.000000000000e+00
    route_re_4_6_10  deliver_re_4_10   1.000000000000e+00
    route_re_4_6_10  cap_6_10   1.000000000000e+00
    route_re_4_6_7  relay_re_4_6  -1.000000000000e+00
    route_re_4_6_7  deliver_re_4_7   1.000000000000e+00
    route_re_4_6_7  cap_6_7    1.000000000000e+00
    route_re_4_6_8  relay_re_4_6  -1.000000000000e+00
    route_re_4_6_8  deliver_re_4_8   1.000000000000e+00
    route_re_4_6_8  cap_6_8    1.000000000000e+00
    route_re_4_6_9  relay_re_4_6  -1.000000000000e+00
    route_re_4_6_9  deliver_re_4_9   1.000000000000e+00
    route_re_4_6_9  cap_6_9    1.000000000000e+00
    route_re_5_0_10  relay_re_5_0  -1.000000000000e+00
    route_re_5_0_10  deliver_re_5_10   1.000000000000e+00
    route_re_5_0_10  cap_0_10   1.000000000000e+00
    route_re_5_0_2  relay_re_5_0  -1.000000000000e+00
    route_re_5_0_2  deliver_re_5_2   1.000000000000e+00
    route_re_5_0_2  cap_0_2    1.000000000000e+00
    route_re_5_0_3  relay_re_5_0  -1.000000000000e+00
    route_re_5_0_3  deliver_re_5_3   1.000000000000e+00
    route_re_5_0_3  cap_0_3    1.000000000000e+00
    route_re_5_0_4  relay_re_5_0  -1.000000000000e+00
    route_re_5_0_4  deliver_re_5_4   1.000000000000e+00
    route_re_5_0_4  cap_0_4    1.000000000000e+00
    route_re_5_0_7  relay_re_5_0  -1.000000000000e+00
    route_re_5_0_7  deliver_re_5_7   1.000000000000e+00
    route_re_5_0_7  cap_0_7    1.000000000000e+00
    route_re_5_0_8  relay_re_5_0  -1.000000000000e+00
    route_re_5_0_8  deliver_re_5_8   1.000000000000e+00
    route_re_5_0_8  cap_0_8    1.000000000000e+00
    route_re_5_0_9  relay_re_5_0  -1.000000000000e+00
    route_re_5_0_9  deliver_re_5_9   1.000000000000e+00
    route_re_5_0_9  cap_0_9    1.000000000000e+00
    route_re_5_1_2  relay_re_5_1  -1.000000000000e+00
    route_re_5_1_2  deliver_re_5_2   1.000000000000e+00
    route_re_5_1_2  cap_1_2    1.000000000000e+00
    route_re_5_1_3  relay_re_5_1  -1.000000000000e+00
    route_re_5_1_3  deliver_re_5_3   1.000000000000e+00
    route_re_5_1_3  cap_1_3    1.000000000000e+00
    route_re_5_1_4  relay_re_5_1  -1.000000000000e+00
    route_re_5_1_4  deliver_re_5_4   1.000000000000e+00
    route_re_5_1_4  cap_1_4    1.000000000000e+00
    route_re_5_5_0  relay_re_5_0   1.000000000000e+00
    route_re_5_5_0  cap_5_0    1.000000000000e+00
    route_re_5_5_1  relay_re_5_1   1.000000000000e+00
    route_re_5_5_1  cap_5_1    1.000000000000e+00
    route_re_5_6_10  relay_re_5_6  -1.000000000000e+00
    route_re_5_6_10  deliver_re_5_10   1.000000000000e+00
    route_re_5_6_10  cap_6_10   1.000000000000e+00
    route_re_5_6_7  relay_re_5_6  -1.000000000000e+00
    route_re_5_6_7  deliver_re_5_7   1.000000000000e+00
    route_re_5_6_7  cap_6_7    1.000000000000e+00
    route_re_5_6_8  relay_re_5_6  -1.000000000000e+00
    route_re_5_6_8  deliver_re_5_8   1.000000000000e+00
    route_re_5_6_8  cap_6_8    1.000000000000e+00
    route_re_5_6_9  relay_re_5_6  -1.000000000000e+00
    route_re_5_6_9  deliver_re_5_9   1.000000000000e+00
    route_re_5_6_9  cap_6_9    1.000000000000e+00
    route_re_7_0_10  relay_re_7_0  -1.000000000000e+00
    route_re_7_0_10  deliver_re_7_10   1.000000000000e+00
    route_re_7_0_10  cap_0_10   1.000000000000e+00
    route_re_7_0_2  relay_re_7_0  -1.000000000000e+00
    route_re_7_0_2  deliver_re_7_2   1.000000000000e+00
    route_re_7_0_2  cap_0_2    1.000000000000e+00
    route_re_7_0_3  relay_re_7_0  -1.000000000000e+00
    route_re_7_0_3  deliver_re_7_3   1.000000000000e+00
    route_re_7_0_3  cap_0_3    1.000000000000e+00
    route_re_7_0_4  relay_re_7_0  -1.000000000000e+00
    route_re_7_0_4  deliver_re_7_4   1.000000000000e+00
    route_re_7_0_4  cap_0_4    1.000000000000e+00
    route_re_7_0_5  relay_re_7_0  -1.000000000000e+00
    route_re_7_0_5  deliver_re_7_5   1.000000000000e+00
    route_re_7_0_5  cap_0_5    1.000000000000e+00
    route_re_7_0_8  relay_re_7_0  -1.000000000000e+00
    route_re_7_0_8  deliver_re_7_8   1.000000000000e+00
    route_re_7_0_8  cap_0_8    1.000000000000e+00
    route_re_7_0_9  relay_re_7_0  -1.000000000000e+00
    route_re_7_0_9  deliver_re_7_9   1.000000000000e+00
    route_re_7_0_9  cap_0_9    1.000000000000e+00
    route_re_7_1_2  relay_re_7_1  -1.000000000000e+00
    route_re_7_1_2  deliver_re_7_2   1.000000000000e+00
    route_re_7_1_2  cap_1_2    1.000000000000e+00
    route_re_7_1_3  relay_re_7_1  -1.000000000000e+00
    route_re_7_1_3  deliver_re_7_3   1.000000000000e+00
    route_re_7_1_3  cap_1_3    1.000000000000e+00
    route_re_7_1_4  relay_re_7_1  -1.000000000000e+00
    route_re_7_1_4  deliver_re_7_4   1.000000000000e+00
    route_re_7_1_4  cap_1_4    1.000000000000e+00
    route_re_7_1_5  relay_re_7_1  -1.000000000000e+00
    route_re_7_1_5  deliver_re_7_5   1.000000000000e+00
    route_re_7_1_5  cap_1_5    1.000000000000e+00
    route_re_7_6_10  relay_re_7_6  -1.000000000000e+00
    route_re_7_6_10  deliver_re_7_10   1.000000000000e+00
    route_re_7_6_10  cap_6_10   1.000000000000e+00
    route_re_7_6_8  relay_re_7_6  -1.000000000000e+00
    route_re_7_6_8  deliver_re_7_8   1.000000000000e+00
    route_re_7_6_8  cap_6_8    1.000000000000e+00
    route_re_7_6_9  relay_re_7_6  -1.000000000000e+00
    route_re_7_6_9  deliver_re_7_9   1.000000000000e+00
    route_re_7_6_9  cap_6_9    1.000000000000e+00
    route_re_7_7_0  relay_re_7_0   1.000000000000e+00
    route_re_7_7_0  cap_7_0    1.000000000000e+00
    route_re_7_7_6  relay_re_7_6   1.000000000000e+00
    route_re_7_7_6  cap_7_6    1.000000000000e+00
    route_re_8_0_10  relay_re_8_0  -1.000000000000e+00
    route_re_8_0_10  deliver_re_8_10   1.000000000000e+00
    route_re_8_0_10  cap_0_10   1.000000000000e+00
    route_re_8_0_2  relay_re_8_0  -1.000000000000e+00
    route_re_8_0_2  deliver_re_8_2   1.000000000000e+00
    route_re_8_0_2  cap_0_2    1.000000000000e+00
    route_re_8_0_3  relay_re_8_0  -1.000000000000e+00
    route_re_8_0_3  deliver_re_8_3   1.000000000000e+00
    route_re_8_0_3  cap_0_3    1.000000000000e+00
    route_re_8_0_4  relay_re_8_0  -1.000000000000e+00
    route_re_8_0_4  deliver_re_8_4   1.000000000000e+00
    route_re_8_0_4  cap_0_4    1.000000000000e+00
    route_re_8_0_5  relay_re_8_0  -1.000000000000e+00
    route_re_8_0_5  deliver_re_8_5   1.000000000000e+00
    route_re_8_0_5  cap_0_5    1.000000000000e+00
    route_re_8_0_7  relay_re_8_0  -1.000000000000e+00
    route_re_8_0_7  deliver_re_8_7   1.000000000000e+00
    route_re_8_0_7  cap_0_7    1.000000000000e+00
    route_re_8_0_9  relay_re_8_0  -1.000000000000e+00
    route_re_8_0_9  deliver_re_8_9   1.000000000000e+00
    route_re_8_0_9  cap_0_9    1.000000000000e+00
    route_re_8_1_2  relay_re_8_1  -1.000000000000e+00
    route_re_8_1_2  deliver_re_8_2   1.000000000000e+00
    route_re_8_1_2  cap_1_2    1.000000000000e+00
    route_re_8_1_3  relay_re_8_1  -1.000000000000e+00
    route_re_8_1_3  deliver_re_8_3   1.000000000000e+00
    route_re_8_1_3  cap_1_3    1.000000000000e+00
    route_re_8_1_4  relay_re_8_1  -1.000000000000e+00
    route_re_8_1_4  deliver_re_8_4   1.000000000000e+00
    route_re_8_1_4  cap_1_4    1.000000000000e+00
    route_re_8_1_5  relay_re_8_1  -1.000000000000e+00
    route_re_8_1_5  deliver_re_8_5   1.000000000000e+00
    route_re_8_1_5  cap_1_5    1.000000000000e+00
    route_re_8_6_10  relay_re_8_6  -1.000000000000e+00
    route_re_8_6_10  deliver_re_8_10   1.000000000000e+00
    route_re_8_6_10  cap_6_10   1.000000000000e+00
    route_re_8_6_7  relay_re_8_6  -1.000000000000e+00
    route_re_8_6_7  deliver_re_8_7   1.000000000000e+00
    route_re_8_6_7  cap_6_7    1.000000000000e+00
    route_re_8_6_9  relay_re_8_6  -1.000000000000e+00
    route_re_8_6_9  deliver_re_8_9   1.000000000000e+00
    route_re_8_6_9  cap_6_9    1.000000000000e+00
    route_re_8_8_0  relay_re_8_0   1.000000000000e+00
    route_re_8_8_0  cap_8_0    1.000000000000e+00
    route_re_8_8_6  relay_re_8_6   1.000000000000e+00
    route_re_8_8_6  cap_8_6    1.000000000000e+00
    route_re_9_0_10  relay_re_9_0  -1.000000000000e+00
    route_re_9_0_10  deliver_re_9_10   1.000000000000e+00
    route_re_9_0_10  cap_0_10   1.000000000000e+00
    route_re_9_0_2  relay_re_9_0  -1.000000000000e+00
    route_re_9_0_2  deliver_re_9_2   1.000000000000e+00
    route_re_9_0_2  cap_0_2    1.000000000000e+00
    route_re_9_0_3  relay_re_9_0  -1.000000000000e+00
    route_re_9_0_3  deliver_re_9_3   1.000000000000e+00
    route_re_9_0_3  cap_0_3    1.000000000000e+00
    route_re_9_0_4  relay_re_9_0  -1.000000000000e+00
    route_re_9_0_4  deliver_re_9_4   1.000000000000e+00
    route_re_9_0_4  cap_0_4    1.000000000000e+00
    route_re_9_0_5  relay_re_9_0  -1.000000000000e+00
    route_re_9_0_5  deliver_re_9_5   1.000000000000e+00
    route_re_9_0_5  cap_0_5    1.000000000000e+00
    route_re_9_0_7  relay_re_9_0  -1.000000000000e+00
    route_re_9_0_7  deliver_re_9_7   1.000000000000e+00
    route_re_9_0_7  cap_0_7    1.000000000000e+00
    route_re_9_0_8  relay_re_9_0  -1.000000000000e+00
    route_re_9_0_8  deliver_re_9_8   1.000000000000e+00
    route_re_9_0_8  cap_0_8    1.000000000000e+00
    route_re_9_1_2  relay_re_9_1  -1.000000000000e+00
    route_re_9_1_2  deliver_re_9_2   1.000000000000e+00
    route_re_9_1_2  cap_1_2    1.000000000000e+00
    route_re_9_1_3  relay_re_9_1  -1.000000000000e+00
    route_re_9_1_3  deliver_re_9_3   1.000000000000e+00
    route_re_9_1_3  cap_1_3    1.000000000000e+00
    route_re_9_1_4  relay_re_9_1  -1.000000000000e+00
    route_re_9_1_4  deliver_re_9_4   1.000000000000e+00
    route_re_9_1_4  cap_1_4    1.000000000000e+00
    route_re_9_1_5  relay_re_9_1  -1.000000000000e+00
    route_re_9_1_5  deliver_re_9_5   1.000000000000e+00
    route_re_9_1_5  cap_1_5    1.000000000000e+00
    route_re_9_6_10  relay_re_9_6  -1.000000000000e+00
    route_re_9_6_10  deliver_re_9_10   1.000000000000e+00
    route_re_9_6_10  cap_6_10   1.000000000000e+00
    route_re_9_6_7  relay_re_9_6  -1.000000000000e+00
    route_re_9_6_7  deliver_re_9_7   1.000000000000e+00
    route_re_9_6_7  cap_6_7    1.000000000000e+00
    route_re_9_6_8  relay_re_9_6  -1.000000000000e+00
    route_re_9_6_8  deliver_re_9_8   1.000000000000e+00
    route_re_9_6_8  cap_6_8    1.000000000000e+00
    route_re_9_9_0  relay_re_9_0   1.000000000000e+00
    route_re_9_9_0  cap_9_0    1.000000000000e+00
    route_re_9_9_6  relay_re_9_6   1.000000000000e+00
    route_re_9_9_6  cap_9_6    1.000000000000e+00
    src_bc_10_10  fsrc_bc_10_10   1.000000000000e+00
    src_bc_10_10  fsink_bc_10   1.000000000000e+00
    src_bc_10_2  fsrc_bc_10_2   1.000000000000e+00
    src_bc_10_2  fkeep_bc_10_2   1.000000000000e+00
    src_bc_10_3  fsrc_bc_10_3   1.000000000000e+00
    src_bc_10_3  fkeep_bc_10_3   1.000000000000e+00
    src_bc_10_4  fsrc_bc_10_4   1.000000000000e+00
    src_bc_10_4  fkeep_bc_10_4   1.000000000000e+00
    src_bc_10_5  fsrc_bc_10_5   1.000000000000e+00
    src_bc_10_5  fkeep_bc_10_5   1.000000000000e+00
    src_bc_10_7  fsrc_bc_10_7   1.000000000000e+00
    src_bc_10_7  fkeep_bc_10_7   1.000000000000e+00
    src_bc_10_8  fsrc_bc_10_8   1.000000000000e+00
    src_bc_10_8  fkeep_bc_10_8   1.000000000000e+00
    src_bc_10_9  fsrc_bc_10_9   1.000000000000e+00
    src_bc_10_9  fkeep_bc_10_9   1.000000000000e+00
    src_bc_2_10  fsrc_bc_2_10   1.000000000000e+00
    src_bc_2_10  fkeep_bc_2_10   1.000000000000e+00
    src_bc_2_2  fsrc_bc_2_2   1.000000000000e+00
    src_bc_2_2  fsink_bc_2   1.000000000000e+00
    src_bc_2_3  fsrc_bc_2_3   1.000000000000e+00
    src_bc_2_3  fkeep_bc_2_3   1.000000000000e+00
    src_bc_2_4  fsrc_bc_2_4   1.000000000000e+00
    src_bc_2_4  fkeep_bc_2_4   1.000000000000e+00
    src_bc_2_5  fsrc_bc_2_5   1.000000000000e+00
    src_bc_2_5  fkeep_bc_2_5   1.000000000000e+00
    src_bc_2_7  fsrc_bc_2_7   1.000000000000e+00
    src_bc_2_7  fkeep_bc_2_7   1.000000000000e+00
    src_bc_2_8  fsrc_bc_2_8   1.000000000000e+00
    src_bc_2_8  fkeep_bc_2_8   1.000000000000e+00
    src_bc_2_9  fsrc_bc_2_9   1.000000000000e+00
    src_bc_2_9  fkeep_bc_2_9   1.000000000000e+00
    src_bc_3_10  fsrc_bc_3_10   1.000000000000e+00
    src_bc_3_10  fkeep_bc_3_10   1.000000000000e+00
    src_bc_3_2  fsrc_bc_3_2   1.000000000000e+00
    src_bc_3_2  fkeep_bc_3_2   1.000000000000e+00
    src_bc_3_3  fsrc_bc_3_3   1.000000000000e+00
    src_bc_3_3  fsink_bc_3   1.000000000000e+00
    src_bc_3_4  fsrc_bc_3_4   1.000000000000e+00
    src_bc_3_4  fkeep_bc_3_4   1.000000000000e+00
    src_bc_3_5  fsrc_bc_3_5   1.000000000000e+00
    src_bc_3_5  fkeep_bc_3_5   1.000000000000e+00
    src_bc_3_7  fsrc_bc_3_7   1.000000000000e+00
    src_bc_3_7  fkeep_bc_3_7   1.000000000000e+00
    src_bc_3_8  fsrc_bc_3_8   1.000000000000e+00
    src_bc_3_8  fkeep_bc_3_8   1.000000000000e+00
    src_bc_3_9  fsrc_bc_3_9   1.000000000000e+00
    src_bc_3_9  fkeep_bc_3_9   1.000000000000e+00
    src_bc_4_10  fsrc_bc_4_10   1.000000000000e+00
    src_bc_4_10  fkeep_bc_4_10   1.000000000000e+00
    src_bc_4_2  fsrc_bc_4_2   1.000000000000e+00
    src_bc_4_2  fkeep_bc_4_2   1.000000000000e+00
    src_bc_4_3  fsrc_bc_4_3   1.000000000000e+00
    src_bc_4_3  fkeep_bc_4_3   1.000000000000e+00
    src_bc_4_4  fsrc_bc_4_4   1.000000000000e+00
    src_bc_4_4  fsink_bc_4   1.000000000000e+00
    src_bc_4_5  fsrc_bc_4_5   1.000000000000e+00
    src_bc_4_5  fkeep_bc_4_5   1.000000000000e+00
    src_bc_4_7  fsrc_bc_4_7   1.000000000000e+00
    src_bc_4_7  fkeep_bc_4_7   1.000000000000e+00
    src_bc_4_8  fsrc_bc_4_8   1.000000000000e+00
    src_bc_4_8  fkeep_bc_4_8   1.000000000000e+00
    src_bc_4_9  fsrc_bc_4_9   1.000000000000e+00
    src_bc_4_9  fkeep_bc_4_9   1.000000000000e+00
    src_bc_5_10  fsrc_bc_5_10   1.000000000000e+00
    src_bc_5_10  fkeep_bc_5_10   1.000000000000e+00
    src_bc_5_2  fsrc_bc_5_2   1.000000000000e+00
    src_bc_5_2  fkeep_bc_5_2   1.000000000000e+00
    src_bc_5_3  fsrc_bc_5_3   1.000000000000e+00
    src_bc_5_3  fkeep_bc_5_3   1.000000000000e+00
    src_bc_5_4  fsrc_bc_5_4   1.000000000000e+00
    src_bc_5_4  fkeep_bc_5_4   1.000000000000e+00
    src_bc_5_5  fsrc_bc_5_5   1.000000000000e+00
    src_bc_5_5  fsink_bc_5   1.000000000000e+00
    src_bc_5_7  fsrc_bc_5_7   1.000000000000e+00
    src_bc_5_7  fkeep_bc_5_7   1.000000000000e+00
    src_bc_5_8  fsrc_bc_5_8   1.000000000000e+00
    src_bc_5_8  fkeep_bc_5_8   1.000000000000e+00
    src_bc_5_9  fsrc_bc_5_9   1.000000000000e+00
    src_bc_5_9  fkeep_bc_5_9   1.000000000000e+00
    src_bc_7_10  fsrc_bc_7_10   1.000000000000e+00
    src_bc_7_10  fkeep_bc_7_10   1.000000000000e+00
    src_bc_7_2  fsrc_bc_7_2   1.000000000000e+00
    src_bc_7_2  fkeep_bc_7_2   1.000000000000e+00
    src_bc_7_3  fsrc_bc_7_3   1.000000000000e+00
    src_bc_7_3  fkeep_bc_7_3   1.000000000000e+00
    src_bc_7_4  fsrc_bc_7_4   1.000000000000e+00
    src_bc_7_4  fkeep_bc_7_4   1.000000000000e+00
    src_bc_7_5  fsrc_bc_7_5   1.000000000000e+00
    src_bc_7_5  fkeep_bc_7_5   1.000000000000e+00
    src_bc_7_7  fsrc_bc_7_7   1.000000000000e+00
    src_bc_7_7  fsink_bc_7   1.000000000000e+00
    src_bc_7_8  fsrc_bc_7_8   1.000000000000e+00
    src_bc_7_8  fkeep_bc_7_8   1.000000000000e+00
    src_bc_7_9  fsrc_bc_7_9   1.000000000000e+00
    src_bc_7_9  fkeep_bc_7_9   1.000000000000e+00
    src_bc_8_10  fsrc_bc_8_10   1.000000000000e+00
    src_bc_8_10  fkeep_bc_8_10   1.000000000000e+00
    src_bc_8_2  fsrc_bc_8_2   1.000000000000e+00
    src_bc_8_2  fkeep_bc_8_2   1.000000000000e+00
    src_bc_8_3  fsrc_bc_8_3   1.000000000000e+00
    src_bc_8_3  fkeep_bc_8_3   1.000000000000e+00
    src_bc_8_4  fsrc_bc_8_4   1.000000000000e+00
    src_bc_8_4  fkeep_bc_8_4   1.000000000000e+00
    src_bc_8_5  fsrc_bc_8_5   1.000000000000e+00
    src_bc_8_5  fkeep_bc_8_5   1.000000000000e+00
    src_bc_8_7  fsrc_bc_8_7   1.000000000000e+00
    src_bc_8_7  fkeep_bc_8_7   1.000000000000e+00
    src_bc_8_8  fsrc_bc_8_8   1.000000000000e+00
    src_bc_8_8  fsink_bc_8   1.000000000000e+00
    src_bc_8_9  fsrc_bc_8_9   1.000000000000e+00
    src_bc_8_9  fkeep_bc_8_9   1.000000000000e+00
    src_bc_9_10  fsrc_bc_9_10   1.000000000000e+00
    src_bc_9_10  fkeep_bc_9_10   1.000000000000e+00
    src_bc_9_2  fsrc_bc_9_2   1.000000000000e+00
    src_bc_9_2  fkeep_bc_9_2   1.000000000000e+00
    src_bc_9_3  fsrc_bc_9_3   1.000000000000e+00
    src_bc_9_3  fkeep_bc_9_3   1.000000000000e+00
    src_bc_9_4  fsrc_bc_9_4   1.000000000000e+00
    src_bc_9_4  fkeep_bc_9_4   1.000000000000e+00
    src_bc_9_5  fsrc_bc_9_5   1.000000000000e+00
    src_bc_9_5  fkeep_bc_9_5   1.000000000000e+00
    src_bc_9_7  fsrc_bc_9_7   1.000000000000e+00
    src_bc_9_7  fkeep_bc_9_7   1.000000000000e+00
    src_bc_9_8  fsrc_bc_9_8   1.000000000000e+00
    src_bc_9_8  fkeep_bc_9_8   1.000000000000e+00
    src_bc_9_9  fsrc_bc_9_9   1.000000000000e+00
    src_bc_9_9  fsink_bc_9   1.000000000000e+00
    src_re_10_10  fsrc_re_10_10   1.000000000000e+00
    src_re_10_10  fsink_re_10   1.000000000000e+00
    src_re_10_2  fsrc_re_10_2   1.000000000000e+00
    src_re_10_2  fkeep_re_10_2   1.000000000000e+00
    src_re_10_3  fsrc_re_10_3   1.000000000000e+00
    src_re_10_3  fkeep_re_10_3   1.000000000000e+00
    src_re_10_4  fsrc_re_10_4   1.000000000000e+00
    src_re_10_4  fkeep_re_10_4   1.000000000000e+00
    src_re_10_5  fsrc_re_10_5   1.000000000000e+00
    src_re_10_5  fkeep_re_10_5   1.000000000000e+00
    src_re_10_7  fsrc_re_10_7   1.000000000000e+00
    src_re_10_7  fkeep_re_10_7   1.000000000000e+00
    src_re_10_8  fsrc_re_10_8   1.000000000000e+00
    src_re_10_8  fkeep_re_10_8   1.000000000000e+00
    src_re_10_9  fsrc_re_10_9   1.000000000000e+00
    src_re_10_9  fkeep_re_10_9   1.000000000000e+00
    src_re_2_10  fsrc_re_2_10   1.000000000000e+00
    src_re_2_10  fkeep_re_2_10   1.000000000000e+00
    src_re_2_2  fsrc_re_2_2   1.000000000000e+00
    src_re_2_2  fsink_re_2   1.000000000000e+00
    src_re_2_3  fsrc_re_2_3   1.000000000000e+00
    src_re_2_3  fkeep_re_2_3   1.000000000000e+00
    src_re_2_4  fsrc_re_2_4   1.000000000000e+00
    src_re_2_4  fkeep_re_2_4   1.000000000000e+00
    src_re_2_5  fsrc_re_2_5   1.000000000000e+00
    src_re_2_5  fkeep_re_2_5   1.000000000000e+00
    src_re_2_7  fsrc_re_2_7   1.000000000000e+00
    src_re_2_7  fkeep_re_2_7   1.000000000000e+00
    src_re_2_8  fsrc_re_2_8   1.000000000000e+00
    src_re_2_8  fkeep_re_2_8   1.000000000000e+00
    src_re_2_9  fsrc_re_2_9   1.000000000000e+00
    src_re_2_9  fkeep_re_2_9   1.000000000000e+00
    src_re_3_10  fsrc_re_3_10   1.000000000000e+00
    src_re_3_10  fkeep_re_3_10   1.000000000000e+00
    src_re_3_2  fsrc_re_3_2   1.000000000000e+00
    src_re_3_2  fkeep_re_3_2   1.000000000000e+00
    src_re_3_3  fsrc_re_3_3   1.000000000000e+00
    src_re_3_3  fsink_re_3   1.000000000000e+00
    src_re_3_4  fsrc_re_3_4   1.000000000000e+00
    src_re_3_4  fkeep_re_3_4   1.000000000000e+00
    src_re_3_5  fsrc_re_3_5   1.000000000000e+00
    src_re_3_5  fkeep_re_3_5   1.000000000000e+00
    src_re_3_7  fsrc_re_3_7   1.000000000000e+00
    src_re_3_7  fkeep_re_3_7   1.000000000000e+00
    src_re_3_8  fsrc_re_3_8   1.000000000000e+00
    src_re_3_8  fkeep_re_3_8   1.000000000000e+00
    src_re_3_9  fsrc_re_3_9   1.000000000000e+00
    src_re_3_9  fkeep_re_3_9   1.000000000000e+00
    src_re_4_10  fsrc_re_4_10   1.000000000000e+00
    src_re_4_10  fkeep_re_4_10   1.000000000000e+00
    src_re_4_2  fsrc_re_4_2   1.000000000000e+00
    src_re_4_2  fkeep_re_4_2   1.000000000000e+00
    src_re_4_3  fsrc_re_4_3   1.000000000000e+00
    src_re_4_3  fkeep_re_4_3   1.000000000000e+00
    src_re_4_4  fsrc_re_4_4   1.000000000000e+00
    src_re_4_4  fsink_re_4   1.000000000000e+00
    src_re_4_5  fsrc_re_4_5   1.000000000000e+00
    src_re_4_5  fkeep_re_4_5   1.000000000000e+00
    src_re_4_7  fsrc_re_4_7   1.000000000000e+00
    src_re_4_7  fkeep_re_4_7   1.000000000000e+00
    src_re_4_8  fsrc_re_4_8   1.000000000000e+00
    src_re_4_8  fkeep_re_4_8   1.000000000000e+00
    src_re_4_9  fsrc_re_4_9   1.000000000000e+00
    src_re_4_9  fkeep_re_4_9   1.000000000000e+00
    src_re_5_10  fsrc_re_5_10   1.000000000000e+00
    src_re_5_10  fkeep_re_5_10   1.000000000000e+00
    src_re_5_2  fsrc_re_5_2   1.000000000000e+00
    src_re_5_2  fkeep_re_5_2   1.000000000000e+00
    src_re_5_3  fsrc_re_5_3   1.000000000000e+00
    src_re_5_3  fkeep_re_5_3   1.000000000000e+00
    src_re_5_4  fsrc_re_5_4   1.000000000000e+00
    src_re_5_4  fkeep_re_5_4   1.000000000000e+00
    src_re_5_5  fsrc_re_5_5   1.000000000000e+00
    src_re_5_5  fsink_re_5   1.000000000000e+00
    src_re_5_7  fsrc_re_5_7   1.000000000000e+00
    src_re_5_7  fkeep_re_5_7   1.000000000000e+00
    src_re_5_8  fsrc_re_5_8   1.000000000000e+00
    src_re_5_8  fkeep_re_5_8   1.000000000000e+00
    src_re_5_9  fsrc_re_5_9   1.000000000000e+00
    src_re_5_9  fkeep_re_5_9   1.000000000000e+00
    src_re_7_10  fsrc_re_7_10   1.000000000000e+00
    src_re_7_10  fkeep_re_7_10   1.000000000000e+00
    src_re_7_2  fsrc_re_7_2   1.000000000000e+00
    src_re_7_2  fkeep_re_7_2   1.000000000000e+00
    src_re_7_3  fsrc_re_7_3   1.000000000000e+00
    src_re_7_3  fkeep_re_7_3   1.000000000000e+00
    src_re_7_4  fsrc_re_7_4   1.000000000000e+00
    src_re_7_4  fkeep_re_7_4   1.000000000000e+00
    src_re_7_5  fsrc_re_7_5   1.000000000000e+00
    src_re_7_5  fkeep_re_7_5   1.000000000000e+00
    src_re_7_7  fsrc_re_7_7   1.000000000000e+00
    src_re_7_7  fsink_re_7   1.000000000000e+00
    src_re_7_8  fsrc_re_7_8   1.000000000000e+00
    src_re_7_8  fkeep_re_7_8   1.000000000000e+00
    src_re_7_9  fsrc_re_7_9   1.000000000000e+00
    src_re_7_9  fkeep_re_7_9   1.000000000000e+00
    src_re_8_10  fsrc_re_8_10   1.000000000000e+00
    src_re_8_10  fkeep_re_8_10   1.000000000000e+00
    src_re_8_2  fsrc_re_8_2   1.000000000000e+00
    src_re_8_2  fkeep_re_8_2   1.000000000000e+00
    src_re_8_3  fsrc_re_8_3   1.000000000000e+00
    src_re_8_3  fkeep_re_8_3   1.000000000000e+00
    src_re_8_4  fsrc_re_8_4   1.000000000000e+00
    src_re_8_4  fkeep_re_8_4   1.000000000000e+00
    src_re_8_5  fsrc_re_8_5   1.000000000000e+00
    src_re_8_5  fkeep_re_8_5   1.000000000000e+00
    src_re_8_7  fsrc_re_8_7   1.000000000000e+00
    src_re_8_7  fkeep_re_8_7   1.000000000000e+00
    src_re_8_8  fsrc_re_8_8   1.000000000000e+00
    src_re_8_8  fsink_re_8   1.000000000000e+00
    src_re_8_9  fsrc_re_8_9   1.000000000000e+00
    src_re_8_9  fkeep_re_8_9   1.000000000000e+00
    src_re_9_10  fsrc_re_9_10   1.000000000000e+00
    src_re_9_10  fkeep_re_9_10   1.000000000000e+00
    src_re_9_2  fsrc_re_9_2   1.000000000000e+00
    src_re_9_2  fkeep_re_9_2   1.000000000000e+00
    src_re_9_3  fsrc_re_9_3   1.000000000000e+00
    src_re_9_3  fkeep_re_9_3   1.000000000000e+00
    src_re_9_4  fsrc_re_9_4   1.000000000000e+00
    src_re_9_4  fkeep_re_9_4   1.000000000000e+00
    src_re_9_5  fsrc_re_9_5   1.000000000000e+00
    src_re_9_5  fkeep_re_9_5   1.000000000000e+00
    src_re_9_7  fsrc_re_9_7   1.000000000000e+00
    src_re_9_7  fkeep_re_9_7   1.000000000000e+00
    src_re_9_8  fsrc_re_9_8   1.000000000000e+00
    src_re_9_8  fkeep_re_9_8   1.000000000000e+00
    src_re_9_9  fsrc_re_9_9   1.000000000000e+00
    src_re_9_9  fsink_re_9   1.000000000000e+00
    x_10      fsrc_re_2_10  -1.000000000000e+00
    x_10      fsink_re_2  -1.000000000000e+00
    x_10      fsrc_re_3_10  -1.000000000000e+00
    x_10      fsink_re_3  -1.000000000000e+00
    x_10      fsrc_re_4_10  -1.000000000000e+00
    x_10      fsink_re_4  -1.000000000000e+00
    x_10      fsrc_re_5_10  -1.000000000000e+00
    x_10      fsink_re_5  -1.000000000000e+00
    x_10      fsrc_re_7_10  -1.000000000000e+00
    x_10      fsink_re_7  -1.000000000000e+00
    x_10      fsrc_re_8_10  -1.000000000000e+00
    x_10      fsink_re_8  -1.000000000000e+00
    x_10      fsrc_re_9_10  -1.000000000000e+00
    x_10      fsink_re_9  -1.000000000000e+00
    x_10      fsrc_re_10_10  -1.000000000000e+00
    x_10      fsink_re_10  -1.000000000000e+00
    x_10      fsrc_bc_2_10  -1.000000000000e+00
    x_10      fsink_bc_2  -1.000000000000e+00
    x_10      fsrc_bc_3_10  -1.000000000000e+00
    x_10      fsink_bc_3  -1.000000000000e+00
    x_10      fsrc_bc_4_10  -1.000000000000e+00
    x_10      fsink_bc_4  -1.000000000000e+00
    x_10      fsrc_bc_5_10  -1.000000000000e+00
    x_10      fsink_bc_5  -1.000000000000e+00
    x_10      fsrc_bc_7_10  -1.000000000000e+00
    x_10      fsink_bc_7  -1.000000000000e+00
    x_10      fsrc_bc_8_10  -1.000000000000e+00
    x_10      fsink_bc_8  -1.000000000000e+00
    x_10      fsrc_bc_9_10  -1.000000000000e+00
    x_10      fsink_bc_9  -1.000000000000e+00
    x_10      fsrc_bc_10_10  -1.000000000000e+00
    x_10      fsink_bc_10  -1.000000000000e+00
    x_10      OBJ        1.000000000000e+00
    x_2       fsrc_re_2_2  -1.000000000000e+00
    x_2       fsink_re_2  -1.000000000000e+00
    x_2       fsrc_re_3_2  -1.000000000000e+00
    x_2       fsink_re_3  -1.000000000000e+00
    x_2       fsrc_re_4_2  -1.000000000000e+00
    x_2       fsink_re_4  -1.000000000000e+00
    x_2       fsrc_re_5_2  -1.000000000000e+00
    x_2       fsink_re_5  -1.000000000000e+00
    x_2       fsrc_re_7_2  -1.000000000000e+00
    x_2       fsink_re_7  -1.000000000000e+00
    x_2       fsrc_re_8_2  -1.000000000000e+00
    x_2       fsink_re_8  -1.000000000000e+00
    x_2       fsrc_re_9_2  -1.000000000000e+00
    x_2       fsink_re_9  -1.000000000000e+00
    x_2       fsrc_re_10_2  -1.000000000000e+00
    x_2       fsink_re_10  -1.000000000000e+00
    x_2       fsrc_bc_2_2  -1.000000000000e+00
    x_2       fsink_bc_2  -1.000000000000e+00
    x_2       fsrc_bc_3_2  -1.000000000000e+00
    x_2       fsink_bc_3  -1.000000000000e+00
    x_2       fsrc_bc_4_2  -1.000000000000e+00
    x_2       fsink_bc_4  -1.000000000000e+00
    x_2       fsrc_bc_5_2  -1.000000000000e+00
    x_2       fsink_bc_5  -1.000000000000e+00
    x_2       fsrc_bc_7_2  -1.000000000000e+00
    x_2       fsink_bc_7  -1.000000000000e+00
    x_2       fsrc_bc_8_2  -1.000000000000e+00
    x_2       fsink_bc_8  -1.000000000000e+00
    x_2       fsrc_bc_9_2  -1.000000000000e+00
    x_2       fsink_bc_9  -1.000000000000e+00
    x_2       fsrc_bc_10_2  -1.000000000000e+00
    x_2       fsink_bc_10  -1.000000000000e+00
    x_2       OBJ        1.000000000000e+00
    x_3       fsrc_re_2_3  -1.000000000000e+00
    x_3       fsink_re_2  -1.000000000000e+00
    x_3       fsrc_re_3_3  -1.000000000000e+00
    x_3       fsink_re_3  -1.000000000000e+00
    x_3       fsrc_re_4_3  -1.000000000000e+00
    x_3       fsink_re_4  -1.000000000000e+00
    x_3       fsrc_re_5_3  -1.000000000000e+00
    x_3       fsink_re_5  -1.000000000000e+00
    x_3       fsrc_re_7_3  -1.000000000000e+00
    x_3       fsink_re_7  -1.000000000000e+00
    x_3       fsrc_re_8_3  -1.000000000000e+00
    x_3       fsink_re_8  -1.000000000000e+00
    x_3       fsrc_re_9_3  -1.000000000000e+00
    x_3       fsink_re_9  -1.000000000000e+00
    x_3       fsrc_re_10_3  -1.000000000000e+00
    x_3       fsink_re_10  -1.000000000000e+00
    x_3       fsrc_bc_2_3  -1.000000000000e+00
    x_3       fsink_bc_2  -1.000000000000e+00
    x_3       fsrc_bc_3_3  -1.000000000000e+00
    x_3       fsink_bc_3  -1.000000000000e+00
    x_3       fsrc_bc_4_3  -1.000000000000e+00
    x_3       fsink_bc_4  -1.000000000000e+00
    x_3       fsrc_bc_5_3  -1.000000000000e+00
    x_3       fsink_bc_5  -1.000000000000e+00
    x_3       fsrc_bc_7_3  -1.000000000000e+00
    x_3       fsink_bc_7  -1.000000000000e+00
    x_3       fsrc_bc_8_3  -1.000000000000e+00
    x_3       fsink_bc_8  -1.000000000000e+00
    x_3       fsrc_bc_9_3  -1.000000000000e+00
    x_3       fsink_bc_9  -1.000000000000e+00
    x_3       fsrc_bc_10_3  -1.000000000000e+00
    x_3       fsink_bc_10  -1.000000000000e+00
    x_3       OBJ        1.000000000000e+00
    x_4       fsrc_re_2_4  -1.000000000000e+00
    x_4       fsink_re_2  -1.000000000000e+00
    x_4       fsrc_re_3_4  -1.000000000000e+00
    x_4       fsink_re_3  -1.000000000000e+00
    x_4       fsrc_re_4_4  -1.000000000000e+00
    x_4       fsink_re_4  -1.000000000000e+00
    x_4       fsrc_re_5_4  -1.000000000000e+00
    x_4       fsink_re_5  -1.000000000000e+00
    x_4       fsrc_re_7_4  -1.000000000000e+00
    x_4       fsink_re_7  -1.000000000000e+00
    x_4       fsrc_re_8_4  -1.000000000000e+00
    x_4       fsink_re_8  -1.000000000000e+00
    x_4       fsrc_re_9_4  -1.000000000000e+00
    x_4       fsink_re_9  -1.000000000000e+00
    x_4       fsrc_re_10_4  -1.000000000000e+00
    x_4       fsink_re_10  -1.000000000000e+00
    x_4       fsrc_bc_2_4  -1.000000000000e+00
    x_4       fsink_bc_2  -1.000000000000e+00
    x_4       fsrc_bc_3_4  -1.000000000000e+00
    x_4       fsink_bc_3  -1.000000000000e+00
    x_4       fsrc_bc_4_4  -1.000000000000e+00
    x_4       fsink_bc_4  -1.000000000000e+00
    x_4       fsrc_bc_5_4  -1.000000000000e+00
    x_4       fsink_bc_5  -1.000000000000e+00
    x_4       fsrc_bc_7_4  -1.000000000000e+00
    x_4       fsink_bc_7  -1.000000000000e+00
    x_4       fsrc_bc_8_4  -1.000000000000e+00
    x_4       fsink_bc_8  -1.000000000000e+00
    x_4       fsrc_bc_9_4  -1.000000000000e+00
    x_4       fsink_bc_9  -1.000000000000e+00
    x_4       fsrc_bc_10_4  -1.000000000000e+00
    x_4       fsink_bc_10  -1.000000000000e+00
    x_4       OBJ        1.000000000000e+00
    x_5       fsrc_re_2_5  -1.000000000000e+00
    x_5       fsink_re_2  -1.000000000000e+00
    x_5       fsrc_re_3_5  -1.000000000000e+00
    x_5       fsink_re_3  -1.000000000000e+00
    x_5       fsrc_re_4_5  -1.000000000000e+00
    x_5       fsink_re_4  -1.000000000000e+00
    x_5       fsrc_re_5_5  -1.000000000000e+00
    x_5       fsink_re_5  -1.000000000000e+00
    x_5       fsrc_re_7_5  -1.000000000000e+00
    x_5       fsink_re_7  -1.000000000000e+00
    x_5       fsrc_re_8_5  -1.000000000000e+00
    x_5       fsink_re_8  -1.000000000000e+00
    x_5       fsrc_re_9_5  -1.000000000000e+00
    x_5       fsink_re_9  -1.000000000000e+00
    x_5       fsrc_re_10_5  -1.000000000000e+00
    x_5       fsink_re_10  -1.000000000000e+00
    x_5       fsrc_bc_2_5  -1.000000000000e+00
    x_5       fsink_bc_2  -1.000000000000e+00
    x_5       fsrc_bc_3_5  -1.000000000000e+00
    x_5       fsink_bc_3  -1.000000000000e+00
    x_5       fsrc_bc_4_5  -1.000000000000e+00
    x_5       fsink_bc_4  -1.000000000000e+00
    x_5       fsrc_bc_5_5  -1.000000000000e+00
    x_5       fsink_bc_5  -1.000000000000e+00
    x_5       fsrc_bc_7_5  -1.000000000000e+00
    x_5       fsink_bc_7  -1.000000000000e+00
    x_5       fsrc_bc_8_5  -1.000000000000e+00
    x_5       fsink_bc_8  -1.000000000000e+00
    x_5       fsrc_bc_9_5  -1.000000000000e+00
    x_5       fsink_bc_9  -1.000000000000e+00
    x_5       fsrc_bc_10_5  -1.000000000000e+00
    x_5       fsink_bc_10  -1.000000000000e+00
    x_5       OBJ        1.000000000000e+00
    x_7       fsrc_re_2_7  -1.000000000000e+00
    x_7       fsink_re_2  -1.000000000000e+00
    x_7       fsrc_re_3_7  -1.000000000000e+00
    x_7       fsink_re_3  -1.000000000000e+00
    x_7       fsrc_re_4_7  -1.000000000000e+00
    x_7       fsink_re_4  -1.000000000000e+00
    x_7       fsrc_re_5_7  -1.000000000000e+00
    x_7       fsink_re_5  -1.000000000000e+00
    x_7       fsrc_re_7_7  -1.000000000000e+00
    x_7       fsink_re_7  -1.000000000000e+00
    x_7       fsrc_re_8_7  -1.000000000000e+00
    x_7       fsink_re_8  -1.000000000000e+00
    x_7       fsrc_re_9_7  -1.000000000000e+00
    x_7       fsink_re_9  -1.000000000000e+00
    x_7       fsrc_re_10_7  -1.000000000000e+00
    x_7       fsink_re_10  -1.000000000000e+00
    x_7       fsrc_bc_2_7  -1.000000000000e+00
    x_7       fsink_bc_2  -1.000000000000e+00
    x_7       fsrc_bc_3_7  -1.000000000000e+00
    x_7       fsink_bc_3  -1.000000000000e+00
    x_7       fsrc_bc_4_7  -1.000000000000e+00
    x_7       fsink_bc_4  -1.000000000000e+00
    x_7       fsrc_bc_5_7  -1.000000000000e+00
    x_7       fsink_bc_5  -1.000000000000e+00
    x_7       fsrc_bc_7_7  -1.000000000000e+00
    x_7       fsink_bc_7  -1.000000000000e+00
    x_7       fsrc_bc_8_7  -1.000000000000e+00
    x_7       fsink_bc_8  -1.000000000000e+00
    x_7       fsrc_bc_9_7  -1.000000000000e+00
    x_7       fsink_bc_9  -1.000000000000e+00
    x_7       fsrc_bc_10_7  -1.000000000000e+00
    x_7       fsink_bc_10  -1.000000000000e+00
    x_7       OBJ        1.000000000000e+00
    x_8       fsrc_re_2_8  -1.000000000000e+00
    x_8       fsink_re_2  -1.000000000000e+00
    x_8       fsrc_re_3_8  -1.000000000000e+00
    x_8       fsink_re_3  -1.000000000000e+00
    x_8       fsrc_re_4_8  -1.000000000000e+00
    x_8       fsink_re_4  -1.000000000000e+00
    x_8       fsrc_re_5_8  -1.000000000000e+00
    x_8       fsink_re_5  -1.000000000000e+00
    x_8       fsrc_re_7_8  -1.000000000000e+00
    x_8       fsink_re_7  -1.000000000000e+00
    x_8       fsrc_re_8_8  -1.000000000000e+00
    x_8       fsink_re_8  -1.000000000000e+00
    x_8       fsrc_re_9_8  -1.000000000000e+00
    x_8       fsink_re_9  -1.000000000000e+00
    x_8       fsrc_re_10_8  -1.000000000000e+00
    x_8       fsink_re_10  -1.000000000000e+00
    x_8       fsrc_bc_2_8  -1.000000000000e+00
    x_8       fsink_bc_2  -1.000000000000e+00
    x_8       fsrc_bc_3_8  -1.000000000000e+00
    x_8       fsink_bc_3  -1.000000000000e+00
    x_8       fsrc_bc_4_8  -1.000000000000e+00
    x_8       fsink_bc_4  -1.000000000000e+00
    x_8       fsrc_bc_5_8  -1.000000000000e+00
    x_8       fsink_bc_5  -1.000000000000e+00
    x_8       fsrc_bc_7_8  -1.000000000000e+00
    x_8       fsink_bc_7  -1.000000000000e+00
    x_8       fsrc_bc_8_8  -1.000000000000e+00
    x_8       fsink_bc_8  -1.000000000000e+00
    x_8       fsrc_bc_9_8  -1.000000000000e+00
    x_8       fsink_bc_9  -1.000000000000e+00
    x_8       fsrc_bc_10_8  -1.000000000000e+00
    x_8       fsink_bc_10  -1.000000000000e+00
    x_8       OBJ        1.000000000000e+00
    x_9       fsrc_re_2_9  -1.000000000000e+00
    x_9       fsink_re_2  -1.000000000000e+00
    x_9       fsrc_re_3_9  -1.000000000000e+00
    x_9       fsink_re_3  -1.000000000000e+00
    x_9       fsrc_re_4_9  -1.000000000000e+00
    x_9       fsink_re_4  -1.000000000000e+00
    x_9       fsrc_re_5_9  -1.000000000000e+00
    x_9       fsink_re_5  -1.000000000000e+00
    x_9       fsrc_re_7_9  -1.000000000000e+00
    x_9       fsink_re_7  -1.000000000000e+00
    x_9       fsrc_re_8_9  -1.000000000000e+00
    x_9       fsink_re_8  -1.000000000000e+00
    x_9       fsrc_re_9_9  -1.000000000000e+00
    x_9       fsink_re_9  -1.000000000000e+00
    x_9       fsrc_re_10_9  -1.000000000000e+00
    x_9       fsink_re_10  -1.000000000000e+00
    x_9       fsrc_bc_2_9  -1.000000000000e+00
    x_9       fsink_bc_2  -1.000000000000e+00
    x_9       fsrc_bc_3_9  -1.000000000000e+00
    x_9       fsink_bc_3  -1.000000000000e+00
    x_9       fsrc_bc_4_9  -1.000000000000e+00
    x_9       fsink_bc_4  -1.000000000000e+00
    x_9       fsrc_bc_5_9  -1.000000000000e+00
    x_9       fsink_bc_5  -1.000000000000e+00
    x_9       fsrc_bc_7_9  -1.000000000000e+00
    x_9       fsink_bc_7  -1.000000000000e+00
    x_9       fsrc_bc_8_9  -1.000000000000e+00
    x_9       fsink_bc_8  -1.000000000000e+00
    x_9       fsrc_bc_9_9  -1.000000000000e+00
    x_9       fsink_bc_9  -1.000000000000e+00
    x_9       fsrc_bc_10_9  -1.000000000000e+00
    x_9       fsink_bc_10  -1.000000000000e+00
    x_9       OBJ        1.000000000000e+00
RHS
    RHS       relay_re_2_0   0.000000000000e+00
    RHS       relay_re_2_1   0.000000000000e+00
    RHS       deliver_re_2_3   0.000000000000e+00
    RHS       deliver_re_2_4   0.000000000000e+00
    RHS       deliver_re_2_5   0.000000000000e+00
    RHS       relay_re_2_6   0.000000000000e+00
    RHS       deliver_re_2_7   0.000000000000e+00
    RHS       deliver_re_2_8   0.000000000000e+00
    RHS       deliver_re_2_9   0.000000000000e+00
    RHS       deliver_re_2_10   0.000000000000e+00
    RHS       relay_re_3_0   0.000000000000e+00
    RHS       relay_re_3_1   0.000000000000e+00
    RHS       deliver_re_3_2   0.000000000000e+00
    RHS       deliver_re_3_4   0.000000000000e+00
    RHS       deliver_re_3_5   0.000000000000e+00
    RHS       relay_re_3_6   0.000000000000e+00
    RHS       deliver_re_3_7   0.000000000000e+00
    RHS       deliver_re_3_8   0.000000000000e+00
    RHS       deliver_re_3_9   0.000000000000e+00
    RHS       deliver_re_3_10   0.000000000000e+00
    RHS       relay_re_4_0   0.000000000000e+00
    RHS       relay_re_4_1   0.000000000000e+00
    RHS       deliver_re_4_2   0.000000000000e+00
    RHS       deliver_re_4_3   0.000000000000e+00
    RHS       deliver_re_4_5   0.000000000000e+00
    RHS       relay_re_4_6   0.000000000000e+00
    RHS       deliver_re_4_7   0.000000000000e+00
    RHS       deliver_re_4_8   0.000000000000e+00
    RHS       deliver_re_4_9   0.000000000000e+00
    RHS       deliver_re_4_10   0.000000000000e+00
    RHS       relay_re_5_0   0.000000000000e+00
    RHS       relay_re_5_1   0.000000000000e+00
    RHS       deliver_re_5_2   0.000000000000e+00
    RHS       deliver_re_5_3   0.000000000000e+00
    RHS       deliver_re_5_4   0.000000000000e+00
    RHS       relay_re_5_6   0.000000000000e+00
    RHS       deliver_re_5_7   0.000000000000e+00
    RHS       deliver_re_5_8   0.000000000000e+00
    RHS       deliver_re_5_9   0.000000000000e+00
    RHS       deliver_re_5_10   0.000000000000e+00
    RHS       relay_re_7_0   0.000000000000e+00
    RHS       relay_re_7_1   0.000000000000e+00
    RHS       deliver_re_7_2   0.000000000000e+00
    RHS       deliver_re_7_3   0.000000000000e+00
    RHS       deliver_re_7_4   0.000000000000e+00
    RHS       deliver_re_7_5   0.000000000000e+00
    RHS       relay_re_7_6   0.000000000000e+00
    RHS       deliver_re_7_8   0.000000000000e+00
    RHS       deliver_re_7_9   0.000000000000e+00
    RHS       deliver_re_7_10   0.000000000000e+00
    RHS       relay_re_8_0   0.000000000000e+00
    RHS       relay_re_8_1   0.000000000000e+00
    RHS       deliver_re_8_2   0.000000000000e+00
    RHS       deliver_re_8_3   0.000000000000e+00
    RHS       deliver_re_8_4   0.000000000000e+00
    RHS       deliver_re_8_5   0.000000000000e+00
    RHS       relay_re_8_6   0.000000000000e+00
    RHS       deliver_re_8_7   0.000000000000e+00
    RHS       deliver_re_8_9   0.000000000000e+00
    RHS       deliver_re_8_10   0.000000000000e+00
    RHS       relay_re_9_0   0.000000000000e+00
    RHS       relay_re_9_1   0.000000000000e+00
    RHS       deliver_re_9_2   0.000000000000e+00
    RHS       deliver_re_9_3   0.000000000000e+00
    RHS       deliver_re_9_4   0.000000000000e+00
    RHS       deliver_re_9_5   0.000000000000e+00
    RHS       relay_re_9_6   0.000000000000e+00
    RHS       deliver_re_9_7   0.000000000000e+00
    RHS       deliver_re_9_8   0.000000000000e+00
    RHS       deliver_re_9_10   0.000000000000e+00
    RHS       relay_re_10_0   0.000000000000e+00
    RHS       relay_re_10_1   0.000000000000e+00
    RHS       deliver_re_10_2   0.000000000000e+00
    RHS       deliver_re_10_3   0.000000000000e+00
    RHS       deliver_re_10_4   0.000000000000e+00
    RHS       deliver_re_10_5   0.000000000000e+00
    RHS       relay_re_10_6   0.000000000000e+00
    RHS       deliver_re_10_7   0.000000000000e+00
    RHS       deliver_re_10_8   0.000000000000e+00
    RHS       deliver_re_10_9   0.000000000000e+00
    RHS       relay_bc_2_0   0.000000000000e+00
    RHS       relay_bc_2_1   0.000000000000e+00
    RHS       deliver_bc_2_3   0.000000000000e+00
    RHS       deliver_bc_2_4   0.000000000000e+00
    RHS       deliver_bc_2_5   0.000000000000e+00
    RHS       relay_bc_2_6   0.000000000000e+00
    RHS       deliver_bc_2_7   0.000000000000e+00
    RHS       deliver_bc_2_8   0.000000000000e+00
    RHS       deliver_bc_2_9   0.000000000000e+00
    RHS       deliver_bc_2_10   0.000000000000e+00
    RHS       relay_bc_3_0   0.000000000000e+00
    RHS       relay_bc_3_1   0.000000000000e+00
    RHS       deliver_bc_3_2   0.000000000000e+00
    RHS       deliver_bc_3_4   0.000000000000e+00
    RHS       deliver_bc_3_5   0.000000000000e+00
    RHS       relay_bc_3_6   0.000000000000e+00
    RHS       deliver_bc_3_7   0.000000000000e+00
    RHS       deliver_bc_3_8   0.000000000000e+00
    RHS       deliver_bc_3_9   0.000000000000e+00
    RHS       deliver_bc_3_10   0.000000000000e+00
    RHS       relay_bc_4_0   0.000000000000e+00
    RHS       relay_bc_4_1   0.000000000000e+00
    RHS       deliver_bc_4_2   0.000000000000e+00
    RHS       deliver_bc_4_3   0.000000000000e+00
    RHS       deliver_bc_4_5   0.000000000000e+00
    RHS       relay_bc_4_6   0.000000000000e+00
    RHS       deliver_bc_4_7   0.000000000000e+00
    RHS       deliver_bc_4_8   0.000000000000e+00
    RHS       deliver_bc_4_9   0.000000000000e+00
    RHS       deliver_bc_4_10   0.000000000000e+00
    RHS       relay_bc_5_0   0.000000000000e+00
    RHS       relay_bc_5_1   0.000000000000e+00
    RHS       deliver_bc_5_2   0.000000000000e+00
    RHS       deliver_bc_5_3   0.000000000000e+00
    RHS       deliver_bc_5_4   0.000000000000e+00
    RHS       relay_bc_5_6   0.000000000000e+00
    RHS       deliver_bc_5_7   0.000000000000e+00
    RHS       deliver_bc_5_8   0.000000000000e+00
    RHS       deliver_bc_5_9   0.000000000000e+00
    RHS       deliver_bc_5_10   0.000000000000e+00
    RHS       relay_bc_7_0   0.000000000000e+00
    RHS       relay_bc_7_1   0.000000000000e+00
    RHS       deliver_bc_7_2   0.000000000000e+00
    RHS       deliver_bc_7_3   0.000000000000e+00
    RHS       deliver_bc_7_4   0.000000000000e+00
    RHS       deliver_bc_7_5   0.000000000000e+00
    RHS       relay_bc_7_6   0.000000000000e+00
    RHS       deliver_bc_7_8   0.000000000000e+00
    RHS       deliver_bc_7_9   0.000000000000e+00
    RHS       deliver_bc_7_10   0.000000000000e+00
    RHS       relay_bc_8_0   0.000000000000e+00
    RHS       relay_bc_8_1   0.000000000000e+00
    RHS       deliver_bc_8_2   0.000000000000e+00
    RHS       deliver_bc_8_3   0.000000000000e+00
    RHS       deliver_bc_8_4   0.000000000000e+00
    RHS       deliver_bc_8_5   0.000000000000e+00
    RHS       relay_bc_8_6   0.000000000000e+00
    RHS       deliver_bc_8_7   0.000000000000e+00
    RHS       deliver_bc_8_9   0.000000000000e+00
    RHS       deliver_bc_8_10   0.000000000000e+00
    RHS       relay_bc_9_0   0.000000000000e+00
    RHS       relay_bc_9_1   0.000000000000e+00
    RHS       deliver_bc_9_2   0.000000000000e+00
    RHS       deliver_bc_9_3   0.000000000000e+00
    RHS       deliver_bc_9_4   0.000000000000e+00
    RHS       deliver_bc_9_5   0.000000000000e+00
    RHS       relay_bc_9_6   0.000000000000e+00
    RHS       deliver_bc_9_7   0.000000000000e+00
    RHS       deliver_bc_9_8   0.000000000000e+00
    RHS       deliver_bc_9_10   0.000000000000e+00
    RHS       relay_bc_10_0   0.000000000000e+00
    RHS       relay_bc_10_1   0.000000000000e+00
    RHS       deliver_bc_10_2   0.000000000000e+00
    RHS       deliver_bc_10_3   0.000000000000e+00
    RHS       deliver_bc_10_4   0.000000000000e+00
    RHS       deliver_bc_10_5   0.000000000000e+00
    RHS       relay_bc_10_6   0.000000000000e+00
    RHS       deliver_bc_10_7   0.000000000000e+00
    RHS       deliver_bc_10_8   0.000000000000e+00
    RHS       deliver_bc_10_9   0.000000000000e+00
    RHS       cap_0_2    1.250000000000e-01
    RHS       cap_0_3    1.250000000000e-01
    RHS       cap_0_4    1.250000000000e-01
    RHS       cap_0_5    1.250000000000e-01
    RHS       cap_0_7    1.250000000000e-01
    RHS       cap_0_8    1.250000000000e-01
    RHS       cap_0_9    1.250000000000e-01
    RHS       cap_0_10   1.250000000000e-01
    RHS       cap_1_2    1.250000000000e+00
    RHS       cap_1_3    1.250000000000e+00
    RHS       cap_1_4    1.250000000000e+00
    RHS       cap_1_5    1.250000000000e+00
    RHS       cap_2_0    1.250000000000e-01
    RHS       cap_2_1    1.250000000000e+00
    RHS       cap_3_0    1.250000000000e-01
    RHS       cap_3_1    1.250000000000e+00
    RHS       cap_4_0    1.250000000000e-01
    RHS       cap_4_1    1.250000000000e+00
    RHS       cap_5_0    1.250000000000e-01
    RHS       cap_5_1    1.250000000000e+00
    RHS       cap_6_7    1.250000000000e+00
    RHS       cap_6_8    1.250000000000e+00
    RHS       cap_6_9    1.250000000000e+00
    RHS       cap_6_10   1.250000000000e+00
    RHS       cap_7_0    1.250000000000e-01
    RHS       cap_7_6    1.250000000000e+00
    RHS       cap_8_0    1.250000000000e-01
    RHS       cap_8_6    1.250000000000e+00
    RHS       cap_9_0    1.250000000000e-01
    RHS       cap_9_6    1.250000000000e+00
    RHS       cap_10_0   1.250000000000e-01
    RHS       cap_10_6   1.250000000000e+00
    RHS       fcap_re_2_2_3   0.000000000000e+00
    RHS       fcap_re_2_2_4   0.000000000000e+00
    RHS       fcap_re_2_2_5   0.000000000000e+00
    RHS       fcap_re_2_2_7   0.000000000000e+00
    RHS       fcap_re_2_2_8   0.000000000000e+00
    RHS       fcap_re_2_2_9   0.000000000000e+00
    RHS       fcap_re_2_2_10   0.000000000000e+00
    RHS       fcap_re_2_3_2   0.000000000000e+00
    RHS       fcap_re_2_3_4   0.000000000000e+00
    RHS       fcap_re_2_3_5   0.000000000000e+00
    RHS       fcap_re_2_3_7   0.000000000000e+00
    RHS       fcap_re_2_3_8   0.000000000000e+00
    RHS       fcap_re_2_3_9   0.000000000000e+00
    RHS       fcap_re_2_3_10   0.000000000000e+00
    RHS       fcap_re_2_4_2   0.000000000000e+00
    RHS       fcap_re_2_4_3   0.000000000000e+00
    RHS       fcap_re_2_4_5   0.000000000000e+00
    RHS       fcap_re_2_4_7   0.000000000000e+00
    RHS       fcap_re_2_4_8   0.000000000000e+00
    RHS       fcap_re_2_4_9   0.000000000000e+00
    RHS       fcap_re_2_4_10   0.000000000000e+00
    RHS       fcap_re_2_5_2   0.000000000000e+00
    RHS       fcap_re_2_5_3   0.000000000000e+00
    RHS       fcap_re_2_5_4   0.000000000000e+00
    RHS       fcap_re_2_5_7   0.000000000000e+00
    RHS       fcap_re_2_5_8   0.000000000000e+00
    RHS       fcap_re_2_5_9   0.000000000000e+00
    RHS       fcap_re_2_5_10   0.000000000000e+00
    RHS       fcap_re_2_7_2   0.000000000000e+00
    RHS       fcap_re_2_7_3   0.000000000000e+00
    RHS       fcap_re_2_7_4   0.000000000000e+00
    RHS       fcap_re_2_7_5   0.000000000000e+00
    RHS       fcap_re_2_7_8   0.000000000000e+00
    RHS       fcap_re_2_7_9   0.000000000000e+00
    RHS       fcap_re_2_7_10   0.000000000000e+00
    RHS       fcap_re_2_8_2   0.000000000000e+00
    RHS       fcap_re_2_8_3   0.000000000000e+00
    RHS       fcap_re_2_8_4   0.000000000000e+00
    RHS       fcap_re_2_8_5   0.000000000000e+00
    RHS       fcap_re_2_8_7   0.000000000000e+00
    RHS       fcap_re_2_8_9   0.000000000000e+00
    RHS       fcap_re_2_8_10   0.000000000000e+00
    RHS       fcap_re_2_9_2   0.000000000000e+00
    RHS       fcap_re_2_9_3   0.000000000000e+00
    RHS       fcap_re_2_9_4   0.000000000000e+00
    RHS       fcap_re_2_9_5   0.000000000000e+00
    RHS       fcap_re_2_9_7   0.000000000000e+00
    RHS       fcap_re_2_9_8   0.000000000000e+00
    RHS       fcap_re_2_9_10   0.000000000000e+00
    RHS       fcap_re_2_10_2   0.000000000000e+00
    RHS       fcap_re_2_10_3   0.000000000000e+00
    RHS       fcap_re_2_10_4   0.000000000000e+00
    RHS       fcap_re_2_10_5   0.000000000000e+00
    RHS       fcap_re_2_10_7   0.000000000000e+00
    RHS       fcap_re_2_10_8   0.000000000000e+00
    RHS       fcap_re_2_10_9   0.000000000000e+00
    RHS       fsrc_re_2_2   0.000000000000e+00
    RHS       fsrc_re_2_3   0.000000000000e+00
    RHS       fsrc_re_2_4   0.000000000000e+00
    RHS       fsrc_re_2_5   0.000000000000e+00
    RHS       fsrc_re_2_7   0.000000000000e+00
    RHS       fsrc_re_2_8   0.000000000000e+00
    RHS       fsrc_re_2_9   0.000000000000e+00
    RHS       fsrc_re_2_10   0.000000000000e+00
    RHS       fsink_re_2   0.000000000000e+00
    RHS       fkeep_re_2_3   0.000000000000e+00
    RHS       fkeep_re_2_4   0.000000000000e+00
    RHS       fkeep_re_2_5   0.000000000000e+00
    RHS       fkeep_re_2_7   0.000000000000e+00
    RHS       fkeep_re_2_8   0.000000000000e+00
    RHS       fkeep_re_2_9   0.000000000000e+00
    RHS       fkeep_re_2_10   0.000000000000e+00
    RHS       fcap_re_3_2_3   0.000000000000e+00
    RHS       fcap_re_3_2_4   0.000000000000e+00
    RHS       fcap_re_3_2_5   0.000000000000e+00
    RHS       fcap_re_3_2_7   0.000000000000e+00
    RHS       fcap_re_3_2_8   0.000000000000e+00
    RHS       fcap_re_3_2_9   0.000000000000e+00
    RHS       fcap_re_3_2_10   0.000000000000e+00
    RHS       fcap_re_3_3_2   0.000000000000e+00
    RHS       fcap_re_3_3_4   0.000000000000e+00
    RHS       fcap_re_3_3_5   0.000000000000e+00
    RHS       fcap_re_3_3_7   0.000000000000e+00
    RHS       fcap_re_3_3_8   0.000000000000e+00
    RHS       fcap_re_3_3_9   0.000000000000e+00
    RHS       fcap_re_3_3_10   0.000000000000e+00
    RHS       fcap_re_3_4_2   0.000000000000e+00
    RHS       fcap_re_3_4_3   0.000000000000e+00
    RHS       fcap_re_3_4_5   0.000000000000e+00
    RHS       fcap_re_3_4_7   0.000000000000e+00
    RHS       fcap_re_3_4_8   0.000000000000e+00
    RHS       fcap_re_3_4_9   0.000000000000e+00
    RHS       fcap_re_3_4_10   0.000000000000e+00
    RHS       fcap_re_3_5_2   0.000000000000e+00
    RHS       fcap_re_3_5_3   0.000000000000e+00
    RHS       fcap_re_3_5_4   0.000000000000e+00
    RHS       fcap_re_3_5_7   0.000000000000e+00
    RHS       fcap_re_3_5_8   0.000000000000e+00
    RHS       fcap_re_3_5_9   0.000000000000e+00
    RHS       fcap_re_3_5_10   0.000000000000e+00
    RHS       fcap_re_3_7_2   0.000000000000e+00
    RHS       fcap_re_3_7_3   0.000000000000e+00
    RHS       fcap_re_3_7_4   0.000000000000e+00
    RHS       fcap_re_3_7_5   0.000000000000e+00
    RHS       fcap_re_3_7_8   0.000000000000e+00
    RHS       fcap_re_3_7_9   0.000000000000e+00
    RHS       fcap_re_3_7_10   0.000000000000e+00
    RHS       fcap_re_3_8_2   0.000000000000e+00
    RHS       fcap_re_3_8_3   0.000000000000e+00
    RHS       fcap_re_3_8_4   0.000000000000e+00
    RHS       fcap_re_3_8_5   0.000000000000e+00
    RHS       fcap_re_3_8_7   0.000000000000e+00
    RHS       fcap_re_3_8_9   0.000000000000e+00
    RHS       fcap_re_3_8_10   0.000000000000e+00
    RHS       fcap_re_3_9_2   0.000000000000e+00
    RHS       fcap_re_3_9_3   0.000000000000e+00
    RHS       fcap_re_3_9_4   0.000000000000e+00
    RHS       fcap_re_3_9_5   0.000000000000e+00
    RHS       fcap_re_3_9_7   0.000000000000e+00
    RHS       fcap_re_3_9_8   0.000000000000e+00
    RHS       fcap_re_3_9_10   0.000000000000e+00
    RHS       fcap_re_3_10_2   0.000000000000e+00
    RHS       fcap_re_3_10_3   0.000000000000e+00
    RHS       fcap_re_3_10_4   0.000000000000e+00
    RHS       fcap_re_3_10_5   0.000000000000e+00
    RHS       fcap_re_3_10_7   0.000000000000e+00
    RHS       fcap_re_3_10_8   0.000000000000e+00
    RHS       fcap_re_3_10_9   0.000000000000e+00
    RHS       fsrc_re_3_2   0.000000000000e+00
    RHS       fsrc_re_3_3   0.000000000000e+00
    RHS       fsrc_re_3_4   0.000000000000e+00
    RHS       fsrc_re_3_5   0.000000000000e+00
    RHS       fsrc_re_3_7   0.000000000000e+00
    RHS       fsrc_re_3_8   0.000000000000e+00
    RHS       fsrc_re_3_9   0.000000000000e+00
    RHS       fsrc_re_3_10   0.000000000000e+00
    RHS       fkeep_re_3_2   0.000000000000e+00
    RHS       fsink_re_3   0.000000000000e+00
    RHS       fkeep_re_3_4   0.000000000000e+00
    RHS       fkeep_re_3_5   0.000000000000e+00
    RHS       fkeep_re_3_7   0.000000000000e+00
    RHS       fkeep_re_3_8   0.000000000000e+00
    RHS       fkeep_re_3_9   0.000000000000e+00
    RHS       fkeep_re_3_10   0.000000000000e+00
    RHS       fcap_re_4_2_3   0.000000000000e+00
    RHS       fcap_re_4_2_4   0.000000000000e+00
    RHS       fcap_re_4_2_5   0.000000000000e+00
    RHS       fcap_re_4_2_7   0.000000000000e+00
    RHS       fcap_re_4_2_8   0.000000000000e+00
    RHS       fcap_re_4_2_9   0.000000000000e+00
    RHS       fcap_re_4_2_10   0.000000000000e+00
    RHS       fcap_re_4_3_2   0.000000000000e+00
    RHS       fcap_re_4_3_4   0.000000000000e+00
    RHS       fcap_re_4_3_5   0.000000000000e+00
    RHS       fcap_re_4_3_7   0.000000000000e+00
    RHS       fcap_re_4_3_8   0.000000000000e+00
    RHS       fcap_re_4_3_9   0.000000000000e+00
    RHS       fcap_re_4_3_10   0.000000000000e+00
    RHS       fcap_re_4_4_2   0.000000000000e+00
    RHS       fcap_re_4_4_3   0.000000000000e+00
    RHS       fcap_re_4_4_5   0.000000000000e+00
    RHS       fcap_re_4_4_7   0.000000000000e+00
    RHS       fcap_re_4_4_8   0.000000000000e+00
    RHS       fcap_re_4_4_9   0.000000000000e+00
    RHS       fcap_re_4_4_10   0.000000000000e+00
    RHS       fcap_re_4_5_2   0.000000000000e+00
    RHS       fcap_re_4_5_3   0.000000000000e+00
    RHS       fcap_re_4_5_4   0.000000000000e+00
    RHS       fcap_re_4_5_7   0.000000000000e+00
    RHS       fcap_re_4_5_8   0.000000000000e+00
    RHS       fcap_re_4_5_9   0.000000000000e+00
    RHS       fcap_re_4_5_10   0.000000000000e+00
    RHS       fcap_re_4_7_2   0.000000000000e+00
    RHS       fcap_re_4_7_3   0.000000000000e+00
    RHS       fcap_re_4_7_4   0.000000000000e+00
    RHS       fcap_re_4_7_5   0.000000000000e+00
    RHS       fcap_re_4_7_8   0.000000000000e+00
    RHS       fcap_re_4_7_9   0.000000000000e+00
    RHS       fcap_re_4_7_10   0.000000000000e+00
    RHS       fcap_re_4_8_2   0.000000000000e+00
    RHS       fcap_re_4_8_3   0.000000000000e+00
    RHS       fcap_re_4_8_4   0.000000000000e+00
    RHS       fcap_re_4_8_5   0.000000000000e+00
    RHS       fcap_re_4_8_7   0.000000000000e+00
    RHS       fcap_re_4_8_9   0.000000000000e+00
    RHS       fcap_re_4_8_10   0.000000000000e+00
    RHS       fcap_re_4_9_2   0.000000000000e+00
    RHS       fcap_re_4_9_3   0.000000000000e+00
    RHS       fcap_re_4_9_4   0.000000000000e+00
    RHS       fcap_re_4_9_5   0.000000000000e+00
    RHS       fcap_re_4_9_7   0.000000000000e+00
    RHS       fcap_re_4_9_8   0.000000000000e+00
    RHS       fcap_re_4_9_10   0.000000000000e+00
    RHS       fcap_re_4_10_2   0.000000000000e+00
    RHS       fcap_re_4_10_3   0.000000000000e+00
    RHS       fcap_re_4_10_4   0.000000000000e+00
    RHS       fcap_re_4_10_5   0.000000000000e+00
    RHS       fcap_re_4_10_7   0.000000000000e+00
    RHS       fcap_re_4_10_8   0.000000000000e+00
    RHS       fcap_re_4_10_9   0.000000000000e+00
    RHS       fsrc_re_4_2   0.000000000000e+00
    RHS       fsrc_re_4_3   0.000000000000e+00
    RHS       fsrc_re_4_4   0.000000000000e+00
    RHS       fsrc_re_4_5   0.000000000000e+00
    RHS       fsrc_re_4_7   0.000000000000e+00
    RHS       fsrc_re_4_8   0.000000000000e+00
    RHS       fsrc_re_4_9   0.000000000000e+00
    RHS       fsrc_re_4_10   0.000000000000e+00
    RHS       fkeep_re_4_2   0.000000000000e+00
    RHS       fkeep_re_4_3   0.000000000000e+00
    RHS       fsink_re_4   0.000000000000e+00
    RHS       fkeep_re_4_5   0.000000000000e+00
    RHS       fkeep_re_4_7   0.000000000000e+00
    RHS       fkeep_re_4_8   0.000000000000e+00
    RHS       fkeep_re_4_9   0.000000000000e+00
    RHS       fkeep_re_4_10   0.000000000000e+00
    RHS       fcap_re_5_2_3   0.000000000000e+00
    RHS       fcap_re_5_2_4   0.000000000000e+00
    RHS       fcap_re_5_2_5   0.000000000000e+00
    RHS       fcap_re_5_2_7   0.000000000000e+00
    RHS       fcap_re_5_2_8   0.000000000000e+00
    RHS       fcap_re_5_2_9   0.000000000000e+00
    RHS       fcap_re_5_2_10   0.000000000000e+00
    RHS       fcap_re_5_3_2   0.000000000000e+00
    RHS       fcap_re_5_3_4   0.000000000000e+00
    RHS       fcap_re_5_3_5   0.000000000000e+00
    RHS       fcap_re_5_3_7   0.000000000000e+00
    RHS       fcap_re_5_3_8   0.000000000000e+00
    RHS       fcap_re_5_3_9   0.000000000000e+00
    RHS       fcap_re_5_3_10   0.000000000000e+00
    RHS       fcap_re_5_4_2   0.000000000000e+00
    RHS       fcap_re_5_4_3   0.000000000000e+00
    RHS       fcap_re_5_4_5   0.000000000000e+00
    RHS       fcap_re_5_4_7   0.000000000000e+00
    RHS       fcap_re_5_4_8   0.000000000000e+00
    RHS       fcap_re_5_4_9   0.000000000000e+00
    RHS       fcap_re_5_4_10   0.000000000000e+00
    RHS       fcap_re_5_5_2   0.000000000000e+00
    RHS       fcap_re_5_5_3   0.000000000000e+00
    RHS       fcap_re_5_5_4   0.000000000000e+00
    RHS       fcap_re_5_5_7   0.000000000000e+00
    RHS       fcap_re_5_5_8   0.000000000000e+00
    RHS       fcap_re_5_5_9   0.000000000000e+00
    RHS       fcap_re_5_5_10   0.000000000000e+00
    RHS       fcap_re_5_7_2   0.000000000000e+00
    RHS       fcap_re_5_7_3   0.000000000000e+00
    RHS       fcap_re_5_7_4   0.000000000000e+00
    RHS       fcap_re_5_7_5   0.000000000000e+00
    RHS       fcap_re_5_7_8   0.000000000000e+00
    RHS       fcap_re_5_7_9   0.000000000000e+00
    RHS       fcap_re_5_7_10   0.000000000000e+00
    RHS       fcap_re_5_8_2   0.000000000000e+00
    RHS       fcap_re_5_8_3   0.000000000000e+00
    RHS       fcap_re_5_8_4   0.000000000000e+00
    RHS       fcap_re_5_8_5   0.000000000000e+00
    RHS       fcap_re_5_8_7   0.000000000000e+00
    RHS       fcap_re_5_8_9   0.000000000000e+00
    RHS       fcap_re_5_8_10   0.000000000000e+00
    RHS       fcap_re_5_9_2   0.000000000000e+00
    RHS       fcap_re_5_9_3   0.000000000000e+00
    RHS       fcap_re_5_9_4   0.000000000000e+00
    RHS       fcap_re_5_9_5   0.000000000000e+00
    RHS       fcap_re_5_9_7   0.000000000000e+00
    RHS       fcap_re_5_9_8   0.000000000000e+00
    RHS       fcap_re_5_9_10   0.000000000000e+00
    RHS       fcap_re_5_10_2   0.000000000000e+00
    RHS       fcap_re_5_10_3   0.000000000000e+00
    RHS       fcap_re_5_10_4   0.000000000000e+00
    RHS       fcap_re_5_10_5   0.000000000000e+00
    RHS       fcap_re_5_10_7   0.000000000000e+00
    RHS       fcap_re_5_10_8   0.000000000000e+00
    RHS       fcap_re_5_10_9   0.000000000000e+00
    RHS       fsrc_re_5_2   0.000000000000e+00
    RHS       fsrc_re_5_3   0.000000000000e+00
    RHS       fsrc_re_5_4   0.000000000000e+00
    RHS       fsrc_re_5_5   0.000000000000e+00
    RHS       fsrc_re_5_7   0.000000000000e+00
    RHS       fsrc_re_5_8   0.000000000000e+00
    RHS       fsrc_re_5_9   0.000000000000e+00
    RHS       fsrc_re_5_10   0.000000000000e+00
    RHS       fkeep_re_5_2   0.000000000000e+00
    RHS       fkeep_re_5_3   0.000000000000e+00
    RHS       fkeep_re_5_4   0.000000000000e+00
    RHS       fsink_re_5   0.000000000000e+00
    RHS       fkeep_re_5_7   0.000000000000e+00
    RHS       fkeep_re_5_8   0.000000000000e+00
    RHS       fkeep_re_5_9   0.000000000000e+00
    RHS       fkeep_re_5_10   0.000000000000e+00
    RHS       fcap_re_7_2_3   0.000000000000e+00
    RHS       fcap_re_7_2_4   0.000000000000e+00
    RHS       fcap_re_7_2_5   0.000000000000e+00
    RHS       fcap_re_7_2_7   0.000000000000e+00
    RHS       fcap_re_7_2_8   0.000000000000e+00
    RHS       fcap_re_7_2_9   0.000000000000e+00
    RHS       fcap_re_7_2_10   0.000000000000e+00
    RHS       fcap_re_7_3_2   0.000000000000e+00
    RHS       fcap_re_7_3_4   0.000000000000e+00
    RHS       fcap_re_7_3_5   0.000000000000e+00
    RHS       fcap_re_7_3_7   0.000000000000e+00
    RHS       fcap_re_7_3_8   0.000000000000e+00
    RHS       fcap_re_7_3_9   0.000000000000e+00
    RHS       fcap_re_7_3_10   0.000000000000e+00
    RHS       fcap_re_7_4_2   0.000000000000e+00
    RHS       fcap_re_7_4_3   0.000000000000e+00
    RHS       fcap_re_7_4_5   0.000000000000e+00
    RHS       fcap_re_7_4_7   0.000000000000e+00
    RHS       fcap_re_7_4_8   0.000000000000e+00
    RHS       fcap_re_7_4_9   0.000000000000e+00
    RHS       fcap_re_7_4_10   0.000000000000e+00
    RHS       fcap_re_7_5_2   0.000000000000e+00
    RHS       fcap_re_7_5_3   0.000000000000e+00
    RHS       fcap_re_7_5_4   0.000000000000e+00
    RHS       fcap_re_7_5_7   0.000000000000e+00
    RHS       fcap_re_7_5_8   0.000000000000e+00
    RHS       fcap_re_7_5_9   0.000000000000e+00
    RHS       fcap_re_7_5_10   0.000000000000e+00
    RHS       fcap_re_7_7_2   0.000000000000e+00
    RHS       fcap_re_7_7_3   0.000000000000e+00
    RHS       fcap_re_7_7_4   0.000000000000e+00
    RHS       fcap_re_7_7_5   0.000000000000e+00
    RHS       fcap_re_7_7_8   0.000000000000e+00
    RHS       fcap_re_7_7_9   0.000000000000e+00
    RHS       fcap_re_7_7_10   0.000000000000e+00
    RHS       fcap_re_7_8_2   0.000000000000e+00
    RHS       fcap_re_7_8_3   0.000000000000e+00
    RHS       fcap_re_7_8_4   0.000000000000e+00
    RHS       fcap_re_7_8_5   0.000000000000e+00
    RHS       fcap_re_7_8_7   0.000000000000e+00
    RHS       fcap_re_7_8_9   0.000000000000e+00
    RHS       fcap_re_7_8_10   0.000000000000e+00
    RHS       fcap_re_7_9_2   0.000000000000e+00
    RHS       fcap_re_7_9_3   0.000000000000e+00
    RHS       fcap_re_7_9_4   0.000000000000e+00
    RHS       fcap_re_7_9_5   0.000000000000e+00
    RHS       fcap_re_7_9_7   0.000000000000e+00
    RHS       fcap_re_7_9_8   0.000000000000e+00
    RHS       fcap_re_7_9_10   0.000000000000e+00
    RHS       fcap_re_7_10_2   0.000000000000e+00
    RHS       fcap_re_7_10_3   0.000000000000e+00
    RHS       fcap_re_7_10_4   0.000000000000e+00
    RHS       fcap_re_7_10_5   0.000000000000e+00
    RHS       fcap_re_7_10_7   0.000000000000e+00
    RHS       fcap_re_7_10_8   0.000000000000e+00
    RHS       fcap_re_7_10_9   0.000000000000e+00
    RHS       fsrc_re_7_2   0.000000000000e+00
    RHS       fsrc_re_7_3   0.000000000000e+00
    RHS       fsrc_re_7_4   0.000000000000e+00
    RHS       fsrc_re_7_5   0.000000000000e+00
    RHS       fsrc_re_7_7   0.000000000000e+00
    RHS       fsrc_re_7_8   0.000000000000e+00
    RHS       fsrc_re_7_9   0.000000000000e+00
    RHS       fsrc_re_7_10   0.000000000000e+00
    RHS       fkeep_re_7_2   0.000000000000e+00
    RHS       fkeep_re_7_3   0.000000000000e+00
    RHS       fkeep_re_7_4   0.000000000000e+00
    RHS       fkeep_re_7_5   0.000000000000e+00
    RHS       fsink_re_7   0.000000000000e+00
    RHS       fkeep_re_7_8   0.000000000000e+00
    RHS       fkeep_re_7_9   0.000000000000e+00
    RHS       fkeep_re_7_10   0.000000000000e+00
    RHS       fcap_re_8_2_3   0.000000000000e+00
    RHS       fcap_re_8_2_4   0.000000000000e+00
    RHS       fcap_re_8_2_5   0.000000000000e+00
    RHS       fcap_re_8_2_7   0.000000000000e+00
    RHS       fcap_re_8_2_8   0.000000000000e+00
    RHS       fcap_re_8_2_9   0.000000000000e+00
    RHS       fcap_re_8_2_10   0.000000000000e+00
    RHS       fcap_re_8_3_2   0.000000000000e+00
    RHS       fcap_re_8_3_4   0.000000000000e+00
    RHS       fcap_re_8_3_5   0.000000000000e+00
    RHS       fcap_re_8_3_7   0.000000000000e+00
    RHS       fcap_re_8_3_8   0.000000000000e+00
    RHS       fcap_re_8_3_9   0.000000000000e+00
    RHS       fcap_re_8_3_10   0.000000000000e+00
    RHS       fcap_re_8_4_2   0.000000000000e+00
    RHS       fcap_re_8_4_3   0.000000000000e+00
    RHS       fcap_re_8_4_5   0.000000000000e+00
    RHS       fcap_re_8_4_7   0.000000000000e+00
    RHS       fcap_re_8_4_8   0.000000000000e+00
    RHS       fcap_re_8_4_9   0.000000000000e+00
    RHS       fcap_re_8_4_10   0.000000000000e+00
    RHS       fcap_re_8_5_2   0.000000000000e+00
    RHS       fcap_re_8_5_3   0.000000000000e+00
    RHS       fcap_re_8_5_4   0.000000000000e+00
    RHS       fcap_re_8_5_7   0.000000000000e+00
    RHS       fcap_re_8_5_8   0.000000000000e+00
    RHS       fcap_re_8_5_9   0.000000000000e+00
    RHS       fcap_re_8_5_10   0.000000000000e+00
    RHS       fcap_re_8_7_2   0.000000000000e+00
    RHS       fcap_re_8_7_3   0.000000000000e+00
    RHS       fcap_re_8_7_4   0.000000000000e+00
    RHS       fcap_re_8_7_5   0.000000000000e+00
    RHS       fcap_re_8_7_8   0.000000000000e+00
    RHS       fcap_re_8_7_9   0.000000000000e+00
    RHS       fcap_re_8_7_10   0.000000000000e+00
    RHS       fcap_re_8_8_2   0.000000000000e+00
    RHS       fcap_re_8_8_3   0.000000000000e+00
    RHS       fcap_re_8_8_4   0.000000000000e+00
    RHS       fcap_re_8_8_5   0.000000000000e+00
    RHS       fcap_re_8_8_7   0.000000000000e+00
    RHS       fcap_re_8_8_9   0.000000000000e+00
    RHS       fcap_re_8_8_10   0.000000000000e+00
    RHS       fcap_re_8_9_2   0.000000000000e+00
    RHS       fcap_re_8_9_3   0.000000000000e+00
    RHS       fcap_re_8_9_4   0.000000000000e+00
    RHS       fcap_re_8_9_5   0.000000000000e+00
    RHS       fcap_re_8_9_7   0.000000000000e+00
    RHS       fcap_re_8_9_8   0.000000000000e+00
    RHS       fcap_re_8_9_10   0.000000000000e+00
    RHS       fcap_re_8_10_2   0.000000000000e+00
    RHS       fcap_re_8_10_3   0.000000000000e+00
    RHS       fcap_re_8_10_4   0.000000000000e+00
    RHS       fcap_re_8_10_5   0.000000000000e+00
    RHS       fcap_re_8_10_7   0.000000000000e+00
    RHS       fcap_re_8_10_8   0.000000000000e+00
    RHS       fcap_re_8_10_9   0.000000000000e+00
    RHS       fsrc_re_8_2   0.000000000000e+00
    RHS       fsrc_re_8_3   0.000000000000e+00
    RHS       fsrc_re_8_4   0.000000000000e+00
    RHS       fsrc_re_8_5   0.000000000000e+00
    RHS       fsrc_re_8_7   0.000000000000e+00
    RHS       fsrc_re_8_8   0.000000000000e+00
    RHS       fsrc_re_8_9   0.000000000000e+00
    RHS       fsrc_re_8_10   0.000000000000e+00
    RHS       fkeep_re_8_2   0.000000000000e+00
    RHS       fkeep_re_8_3   0.000000000000e+00
    RHS       fkeep_re_8_4   0.000000000000e+00
    RHS       fkeep_re_8_5   0.000000000000e+00
    RHS       fkeep_re_8_7   0.000000000000e+00
    RHS       fsink_re_8   0.000000000000e+00
    RHS       fkeep_re_8_9   0.000000000000e+00
    RHS       fkeep_re_8_10   0.000000000000e+00
    RHS       fcap_re_9_2_3   0.000000000000e+00
    RHS       fcap_re_9_2_4   0.000000000000e+00
    RHS       fcap_re_9_2_5   0.000000000000e+00
    RHS       fcap_re_9_2_7   0.000000000000e+00
    RHS       fcap_re_9_2_8   0.000000000000e+00
    RHS       fcap_re_9_2_9   0.000000000000e+00
    RHS       fcap_re_9_2_10   0.000000000000e+00
    RHS       fcap_re_9_3_2   0.000000000000e+00
    RHS       fcap_re_9_3_4   0.000000000000e+00
    RHS       fcap_re_9_3_5   0.000000000000e+00
    RHS       fcap_re_9_3_7   0.000000000000e+00
    RHS       fcap_re_9_3_8   0.000000000000e+00
    RHS       fcap_re_9_3_9   0.000000000000e+00
    RHS       fcap_re_9_3_10   0.000000000000e+00
    RHS       fcap_re_9_4_2   0.000000000000e+00
    RHS       fcap_re_9_4_3   0.000000000000e+00
    RHS       fcap_re_9_4_5   0.000000000000e+00
    RHS       fcap_re_9_4_7   0.000000000000e+00
    RHS       fcap_re_9_4_8   0.000000000000e+00
    RHS       fcap_re_9_4_9   0.000000000000e+00
    RHS       fcap_re_9_4_10   0.000000000000e+00
    RHS       fcap_re_9_5_2   0.000000000000e+00
    RHS       fcap_re_9_5_3   0.000000000000e+00
    RHS       fcap_re_9_5_4   0.000000000000e+00
    RHS       fcap_re_9_5_7   0.000000000000e+00
    RHS       fcap_re_9_5_8   0.000000000000e+00
    RHS       fcap_re_9_5_9   0.000000000000e+00
    RHS       fcap_re_9_5_10   0.000000000000e+00
    RHS       fcap_re_9_7_2   0.000000000000e+00
    RHS       fcap_re_9_7_3   0.000000000000e+00
    RHS       fcap_re_9_7_4   0.000000000000e+00
    RHS       fcap_re_9_7_5   0.000000000000e+00
    RHS       fcap_re_9_7_8   0.000000000000e+00
    RHS       fcap_re_9_7_9   0.000000000000e+00
    RHS       fcap_re_9_7_10   0.000000000000e+00
    RHS       fcap_re_9_8_2   0.000000000000e+00
    RHS       fcap_re_9_8_3   0.000000000000e+00
    RHS       fcap_re_9_8_4   0.000000000000e+00
    RHS       fcap_re_9_8_5   0.000000000000e+00
    RHS       fcap_re_9_8_7   0.000000000000e+00
    RHS       fcap_re_9_8_9   0.000000000000e+00
    RHS       fcap_re_9_8_10   0.000000000000e+00
    RHS       fcap_re_9_9_2   0.000000000000e+00
    RHS       fcap_re_9_9_3   0.000000000000e+00
    RHS       fcap_re_9_9_4   0.000000000000e+00
    RHS       fcap_re_9_9_5   0.000000000000e+00
    RHS       fcap_re_9_9_7   0.000000000000e+00
    RHS       fcap_re_9_9_8   0.000000000000e+00
    RHS       fcap_re_9_9_10   0.000000000000e+00
    RHS       fcap_re_9_10_2   0.000000000000e+00
    RHS       fcap_re_9_10_3   0.000000000000e+00
    RHS       fcap_re_9_10_4   0.000000000000e+00
    RHS       fcap_re_9_10_5   0.000000000000e+00
    RHS       fcap_re_9_10_7   0.000000000000e+00
    RHS       fcap_re_9_10_8   0.000000000000e+00
    RHS       fcap_re_9_10_9   0.000000000000e+00
    RHS       fsrc_re_9_2   0.000000000000e+00
    RHS       fsrc_re_9_3   0.000000000000e+00
    RHS       fsrc_re_9_4   0.000000000000e+00
    RHS       fsrc_re_9_5   0.000000000000e+00
    RHS       fsrc_re_9_7   0.000000000000e+00
    RHS       fsrc_re_9_8   0.000000000000e+00
    RHS       fsrc_re_9_9   0.000000000000e+00
    RHS       fsrc_re_9_10   0.000000000000e+00
    RHS       fkeep_re_9_2   0.000000000000e+00
    RHS       fkeep_re_9_3   0.000000000000e+00
    RHS       fkeep_re_9_4   0.000000000000e+00
    RHS       fkeep_re_9_5   0.000000000000e+00
    RHS       fkeep_re_9_7   0.000000000000e+00
    RHS       fkeep_re_9_8   0.000000000000e+00
    RHS       fsink_re_9   0.000000000000e+00
    RHS       fkeep_re_9_10   0.000000000000e+00
    RHS       fcap_re_10_2_3   0.000000000000e+00
    RHS       fcap_re_10_2_4   0.000000000000e+00
    RHS       fcap_re_10_2_5   0.000000000000e+00
    RHS       fcap_re_10_2_7   0.000000000000e+00
    RHS       fcap_re_10_2_8   0.000000000000e+00
    RHS       fcap_re_10_2_9   0.000000000000e+00
    RHS       fcap_re_10_2_10   0.000000000000e+00
    RHS       fcap_re_10_3_2   0.000000000000e+00
    RHS       fcap_re_10_3_4   0.000000000000e+00
    RHS       fcap_re_10_3_5   0.000000000000e+00
    RHS       fcap_re_10_3_7   0.000000000000e+00
    RHS       fcap_re_10_3_8   0.000000000000e+00
    RHS       fcap_re_10_3_9   0.000000000000e+00
    RHS       fcap_re_10_3_10   0.000000000000e+00
    RHS       fcap_re_10_4_2   0.000000000000e+00
    RHS       fcap_re_10_4_3   0.000000000000e+00
    RHS       fcap_re_10_4_5   0.000000000000e+00
    RHS       fcap_re_10_4_7   0.000000000000e+00
    RHS       fcap_re_10_4_8   0.000000000000e+00
    RHS       fcap_re_10_4_9   0.000000000000e+00
    RHS       fcap_re_10_4_10   0.000000000000e+00
    RHS       fcap_re_10_5_2   0.000000000000e+00
    RHS       fcap_re_10_5_3   0.000000000000e+00
    RHS       fcap_re_10_5_4   0.000000000000e+00
    RHS       fcap_re_10_5_7   0.000000000000e+00
    RHS       fcap_re_10_5_8   0.000000000000e+00
    RHS       fcap_re_10_5_9   0.000000000000e+00
    RHS       fcap_re_10_5_10   0.000000000000e+00
    RHS       fcap_re_10_7_2   0.000000000000e+00
    RHS       fcap_re_10_7_3   0.000000000000e+00
    RHS       fcap_re_10_7_4   0.000000000000e+00
    RHS       fcap_re_10_7_5   0.000000000000e+00
    RHS       fcap_re_10_7_8   0.000000000000e+00
    RHS       fcap_re_10_7_9   0.000000000000e+00
    RHS       fcap_re_10_7_10   0.000000000000e+00
    RHS       fcap_re_10_8_2   0.000000000000e+00
    RHS       fcap_re_10_8_3   0.000000000000e+00
    RHS       fcap_re_10_8_4   0.000000000000e+00
    RHS       fcap_re_10_8_5   0.000000000000e+00
    RHS       fcap_re_10_8_7   0.000000000000e+00
    RHS       fcap_re_10_8_9   0.000000000000e+00
    RHS       fcap_re_10_8_10   0.000000000000e+00
    RHS       fcap_re_10_9_2   0.000000000000e+00
    RHS       fcap_re_10_9_3   0.000000000000e+00
    RHS       fcap_re_10_9_4   0.000000000000e+00
    RHS       fcap_re_10_9_5   0.000000000000e+00
    RHS       fcap_re_10_9_7   0.000000000000e+00
    RHS       fcap_re_10_9_8   0.000000000000e+00
    RHS       fcap_re_10_9_10   0.000000000000e+00
    RHS       fcap_re_10_10_2   0.000000000000e+00
    RHS       fcap_re_10_10_3   0.000000000000e+00
    RHS       fcap_re_10_10_4   0.000000000000e+00
    RHS       fcap_re_10_10_5   0.000000000000e+00
    RHS       fcap_re_10_10_7   0.000000000000e+00
    RHS       fcap_re_10_10_8   0.000000000000e+00
    RHS       fcap_re_10_10_9   0.000000000000e+00
    RHS       fsrc_re_10_2   0.000000000000e+00
    RHS       fsrc_re_10_3   0.000000000000e+00
    RHS       fsrc_re_10_4   0.000000000000e+00
    RHS       fsrc_re_10_5   0.000000000000e+00
    RHS       fsrc_re_10_7   0.000000000000e+00
    RHS       fsrc_re_10_8   0.000000000000e+00
    RHS       fsrc_re_10_9   0.000000000000e+00
    RHS       fsrc_re_10_10   0.000000000000e+00
    RHS       fkeep_re_10_2   0.000000000000e+00
    RHS       fkeep_re_10_3   0.000000000000e+00
    RHS       fkeep_re_10_4   0.000000000000e+00
    RHS       fkeep_re_10_5   0.000000000000e+00
    RHS       fkeep_re_10_7   0.000000000000e+00
    RHS       fkeep_re_10_8   0.000000000000e+00
    RHS       fkeep_re_10_9   0.000000000000e+00
    RHS       fsink_re_10   0.000000000000e+00
    RHS       fcap_bc_2_2_3   0.000000000000e+00
    RHS       fcap_bc_2_2_4   0.000000000000e+00
    RHS       fcap_bc_2_2_5   0.000000000000e+00
    RHS       fcap_bc_2_2_7   0.000000000000e+00
    RHS       fcap_bc_2_2_8   0.000000000000e+00
    RHS       fcap_bc_2_2_9   0.000000000000e+00
    RHS       fcap_bc_2_2_10   0.000000000000e+00
    RHS       fcap_bc_2_3_2   0.000000000000e+00
    RHS       fcap_bc_2_3_4   0.000000000000e+00
    RHS       fcap_bc_2_3_5   0.000000000000e+00
    RHS       fcap_bc_2_3_7   0.000000000000e+00
    RHS       fcap_bc_2_3_8   0.000000000000e+00
    RHS       fcap_bc_2_3_9   0.000000000000e+00
    RHS       fcap_bc_2_3_10   0.000000000000e+00
    RHS       fcap_bc_2_4_2   0.000000000000e+00
    RHS       fcap_bc_2_4_3   0.000000000000e+00
    RHS       fcap_bc_2_4_5   0.000000000000e+00
    RHS       fcap_bc_2_4_7   0.000000000000e+00
    RHS       fcap_bc_2_4_8   0.000000000000e+00
    RHS       fcap_bc_2_4_9   0.000000000000e+00
    RHS       fcap_bc_2_4_10   0.000000000000e+00
    RHS       fcap_bc_2_5_2   0.000000000000e+00
    RHS       fcap_bc_2_5_3   0.000000000000e+00
    RHS       fcap_bc_2_5_4   0.000000000000e+00
    RHS       fcap_bc_2_5_7   0.000000000000e+00
    RHS       fcap_bc_2_5_8   0.000000000000e+00
    RHS       fcap_bc_2_5_9   0.000000000000e+00
    RHS       fcap_bc_2_5_10   0.000000000000e+00
    RHS       fcap_bc_2_7_2   0.000000000000e+00
    RHS       fcap_bc_2_7_3   0.000000000000e+00
    RHS       fcap_bc_2_7_4   0.000000000000e+00
    RHS       fcap_bc_2_7_5   0.000000000000e+00
    RHS       fcap_bc_2_7_8   0.000000000000e+00
    RHS       fcap_bc_2_7_9   0.000000000000e+00
    RHS       fcap_bc_2_7_10   0.000000000000e+00
    RHS       fcap_bc_2_8_2   0.000000000000e+00
    RHS       fcap_bc_2_8_3   0.000000000000e+00
    RHS       fcap_bc_2_8_4   0.000000000000e+00
    RHS       fcap_bc_2_8_5   0.000000000000e+00
    RHS       fcap_bc_2_8_7   0.000000000000e+00
    RHS       fcap_bc_2_8_9   0.000000000000e+00
    RHS       fcap_bc_2_8_10   0.000000000000e+00
    RHS       fcap_bc_2_9_2   0.000000000000e+00
    RHS       fcap_bc_2_9_3   0.000000000000e+00
    RHS       fcap_bc_2_9_4   0.000000000000e+00
    RHS       fcap_bc_2_9_5   0.000000000000e+00
    RHS       fcap_bc_2_9_7   0.000000000000e+00
    RHS       fcap_bc_2_9_8   0.000000000000e+00
    RHS       fcap_bc_2_9_10   0.000000000000e+00
    RHS       fcap_bc_2_10_2   0.000000000000e+00
    RHS       fcap_bc_2_10_3   0.000000000000e+00
    RHS       fcap_bc_2_10_4   0.000000000000e+00
    RHS       fcap_bc_2_10_5   0.000000000000e+00
    RHS       fcap_bc_2_10_7   0.000000000000e+00
    RHS       fcap_bc_2_10_8   0.000000000000e+00
    RHS       fcap_bc_2_10_9   0.000000000000e+00
    RHS       fsrc_bc_2_2   0.000000000000e+00
    RHS       fsrc_bc_2_3   0.000000000000e+00
    RHS       fsrc_bc_2_4   0.000000000000e+00
    RHS       fsrc_bc_2_5   0.000000000000e+00
    RHS       fsrc_bc_2_7   0.000000000000e+00
    RHS       fsrc_bc_2_8   0.000000000000e+00
    RHS       fsrc_bc_2_9   0.000000000000e+00
    RHS       fsrc_bc_2_10   0.000000000000e+00
    RHS       fsink_bc_2   0.000000000000e+00
    RHS       fkeep_bc_2_3   0.000000000000e+00
    RHS       fkeep_bc_2_4   0.000000000000e+00
    RHS       fkeep_bc_2_5   0.000000000000e+00
    RHS       fkeep_bc_2_7   0.000000000000e+00
    RHS       fkeep_bc_2_8   0.000000000000e+00
    RHS       fkeep_bc_2_9   0.000000000000e+00
    RHS       fkeep_bc_2_10   0.000000000000e+00
    RHS       fcap_bc_3_2_3   0.000000000000e+00
    RHS       fcap_bc_3_2_4   0.000000000000e+00
    RHS       fcap_bc_3_2_5   0.000000000000e+00
    RHS       fcap_bc_3_2_7   0.000000000000e+00
    RHS       fcap_bc_3_2_8   0.000000000000e+00
    RHS       fcap_bc_3_2_9   0.000000000000e+00
    RHS       fcap_bc_3_2_10   0.000000000000e+00
    RHS       fcap_bc_3_3_2   0.000000000000e+00
    RHS       fcap_bc_3_3_4   0.000000000000e+00
    RHS       fcap_bc_3_3_5   0.000000000000e+00
    RHS       fcap_bc_3_3_7   0.000000000000e+00
    RHS       fcap_bc_3_3_8   0.000000000000e+00
    RHS       fcap_bc_3_3_9   0.000000000000e+00
    RHS       fcap_bc_3_3_10   0.000000000000e+00
    RHS       fcap_bc_3_4_2   0.000000000000e+00
    RHS       fcap_bc_3_4_3   0.000000000000e+00
    RHS       fcap_bc_3_4_5   0.000000000000e+00
    RHS       fcap_bc_3_4_7   0.000000000000e+00
    RHS       fcap_bc_3_4_8   0.000000000000e+00
    RHS       fcap_bc_3_4_9   0.000000000000e+00
    RHS       fcap_bc_3_4_10   0.000000000000e+00
    RHS       fcap_bc_3_5_2   0.000000000000e+00
    RHS       fcap_bc_3_5_3   0.000000000000e+00
    RHS       fcap_bc_3_5_4   0.000000000000e+00
    RHS       fcap_bc_3_5_7   0.000000000000e+00
    RHS       fcap_bc_3_5_8   0.000000000000e+00
    RHS       fcap_bc_3_5_9   0.000000000000e+00
    RHS       fcap_bc_3_5_10   0.000000000000e+00
    RHS       fcap_bc_3_7_2   0.000000000000e+00
    RHS       fcap_bc_3_7_3   0.000000000000e+00
    RHS       fcap_bc_3_7_4   0.000000000000e+00
    RHS       fcap_bc_3_7_5   0.000000000000e+00
    RHS       fcap_bc_3_7_8   0.000000000000e+00
    RHS       fcap_bc_3_7_9   0.000000000000e+00
    RHS       fcap_bc_3_7_10   0.000000000000e+00
    RHS       fcap_bc_3_8_2   0.000000000000e+00
    RHS       fcap_bc_3_8_3   0.000000000000e+00
    RHS       fcap_bc_3_8_4   0.000000000000e+00
    RHS       fcap_bc_3_8_5   0.000000000000e+00
    RHS       fcap_bc_3_8_7   0.000000000000e+00
    RHS       fcap_bc_3_8_9   0.000000000000e+00
    RHS       fcap_bc_3_8_10   0.000000000000e+00
    RHS       fcap_bc_3_9_2   0.000000000000e+00
    RHS       fcap_bc_3_9_3   0.000000000000e+00
    RHS       fcap_bc_3_9_4   0.000000000000e+00
    RHS       fcap_bc_3_9_5   0.000000000000e+00
    RHS       fcap_bc_3_9_7   0.000000000000e+00
    RHS       fcap_bc_3_9_8   0.000000000000e+00
    RHS       fcap_bc_3_9_10   0.000000000000e+00
    RHS       fcap_bc_3_10_2   0.000000000000e+00
    RHS       fcap_bc_3_10_3   0.000000000000e+00
    RHS       fcap_bc_3_10_4   0.000000000000e+00
    RHS       fcap_bc_3_10_5   0.000000000000e+00
    RHS       fcap_bc_3_10_7   0.000000000000e+00
    RHS       fcap_bc_3_10_8   0.000000000000e+00
    RHS       fcap_bc_3_10_9   0.000000000000e+00
    RHS       fsrc_bc_3_2   0.000000000000e+00
    RHS       fsrc_bc_3_3   0.000000000000e+00
    RHS       fsrc_bc_3_4   0.000000000000e+00
    RHS       fsrc_bc_3_5   0.000000000000e+00
    RHS       fsrc_bc_3_7   0.000000000000e+00
    RHS       fsrc_bc_3_8   0.000000000000e+00
    RHS       fsrc_bc_3_9   0.000000000000e+00
    RHS       fsrc_bc_3_10   0.000000000000e+00
    RHS       fkeep_bc_3_2   0.000000000000e+00
    RHS       fsink_bc_3   0.000000000000e+00
    RHS       fkeep_bc_3_4   0.000000000000e+00
    RHS       fkeep_bc_3_5   0.000000000000e+00
    RHS       fkeep_bc_3_7   0.000000000000e+00
    RHS       fkeep_bc_3_8   0.000000000000e+00
    RHS       fkeep_bc_3_9   0.000000000000e+00
    RHS       fkeep_bc_3_10   0.000000000000e+00
    RHS       fcap_bc_4_2_3   0.000000000000e+00
    RHS       fcap_bc_4_2_4   0.000000000000e+00
    RHS       fcap_bc_4_2_5   0.000000000000e+00
    RHS       fcap_bc_4_2_7   0.000000000000e+00
    RHS       fcap_bc_4_2_8   0.000000000000e+00
    RHS       fcap_bc_4_2_9   0.000000000000e+00
    RHS       fcap_bc_4_2_10   0.000000000000e+00
    RHS       fcap_bc_4_3_2   0.000000000000e+00
    RHS       fcap_bc_4_3_4   0.000000000000e+00
    RHS       fcap_bc_4_3_5   0.000000000000e+00
    RHS       fcap_bc_4_3_7   0.000000000000e+00
    RHS       fcap_bc_4_3_8   0.000000000000e+00
    RHS       fcap_bc_4_3_9   0.000000000000e+00
    RHS       fcap_bc_4_3_10   0.000000000000e+00
    RHS       fcap_bc_4_4_2   0.000000000000e+00
    RHS       fcap_bc_4_4_3   0.000000000000e+00
    RHS       fcap_bc_4_4_5   0.000000000000e+00
    RHS       fcap_bc_4_4_7   0.000000000000e+00
    RHS       fcap_bc_4_4_8   0.000000000000e+00
    RHS       fcap_bc_4_4_9   0.000000000000e+00
    RHS       fcap_bc_4_4_10   0.000000000000e+00
    RHS       fcap_bc_4_5_2   0.000000000000e+00
    RHS       fcap_bc_4_5_3   0.000000000000e+00
    RHS       fcap_bc_4_5_4   0.000000000000e+00
    RHS       fcap_bc_4_5_7   0.000000000000e+00
    RHS       fcap_bc_4_5_8   0.000000000000e+00
    RHS       fcap_bc_4_5_9   0.000000000000e+00
    RHS       fcap_bc_4_5_10   0.000000000000e+00
    RHS       fcap_bc_4_7_2   0.000000000000e+00
    RHS       fcap_bc_4_7_3   0.000000000000e+00
    RHS       fcap_bc_4_7_4   0.000000000000e+00
    RHS       fcap_bc_4_7_5   0.000000000000e+00
    RHS       fcap_bc_4_7_8   0.000000000000e+00
    RHS       fcap_bc_4_7_9   0.000000000000e+00
    RHS       fcap_bc_4_7_10   0.000000000000e+00
    RHS       fcap_bc_4_8_2   0.000000000000e+00
    RHS       fcap_bc_4_8_3   0.000000000000e+00
    RHS       fcap_bc_4_8_4   0.000000000000e+00
    RHS       fcap_bc_4_8_5   0.000000000000e+00
    RHS       fcap_bc_4_8_7   0.000000000000e+00
    RHS       fcap_bc_4_8_9   0.000000000000e+00
    RHS       fcap_bc_4_8_10   0.000000000000e+00
    RHS       fcap_bc_4_9_2   0.000000000000e+00
    RHS       fcap_bc_4_9_3   0.000000000000e+00
    RHS       fcap_bc_4_9_4   0.000000000000e+00
    RHS       fcap_bc_4_9_5   0.000000000000e+00
    RHS       fcap_bc_4_9_7   0.000000000000e+00
    RHS       fcap_bc_4_9_8   0.000000000000e+00
    RHS       fcap_bc_4_9_10   0.000000000000e+00
    RHS       fcap_bc_4_10_2   0.000000000000e+00
    RHS       fcap_bc_4_10_3   0.000000000000e+00
    RHS       fcap_bc_4_10_4   0.000000000000e+00
    RHS       fcap_bc_4_10_5   0.000000000000e+00
    RHS       fcap_bc_4_10_7   0.000000000000e+00
    RHS       fcap_bc_4_10_8   0.000000000000e+00
    RHS       fcap_bc_4_10_9   0.000000000000e+00
    RHS       fsrc_bc_4_2   0.000000000000e+00
    RHS       fsrc_bc_4_3   0.000000000000e+00
    RHS       fsrc_bc_4_4   0.000000000000e+00
    RHS       fsrc_bc_4_5   0.000000000000e+00
    RHS       fsrc_bc_4_7   0.000000000000e+00
    RHS       fsrc_bc_4_8   0.000000000000e+00
    RHS       fsrc_bc_4_9   0.000000000000e+00
    RHS       fsrc_bc_4_10   0.000000000000e+00
    RHS       fkeep_bc_4_2   0.000000000000e+00
    RHS       fkeep_bc_4_3   0.000000000000e+00
    RHS       fsink_bc_4   0.000000000000e+00
    RHS       fkeep_bc_4_5   0.000000000000e+00
    RHS       fkeep_bc_4_7   0.000000000000e+00
    RHS       fkeep_bc_4_8   0.000000000000e+00
    RHS       fkeep_bc_4_9   0.000000000000e+00
    RHS       fkeep_bc_4_10   0.000000000000e+00
    RHS       fcap_bc_5_2_3   0.000000000000e+00
    RHS       fcap_bc_5_2_4   0.000000000000e+00
    RHS       fcap_bc_5_2_5   0.000000000000e+00
    RHS       fcap_bc_5_2_7   0.000000000000e+00
    RHS       fcap_bc_5_2_8   0.000000000000e+00
    RHS       fcap_bc_5_2_9   0.000000000000e+00
    RHS       fcap_bc_5_2_10   0.000000000000e+00
    RHS       fcap_bc_5_3_2   0.000000000000e+00
    RHS       fcap_bc_5_3_4   0.000000000000e+00
    RHS       fcap_bc_5_3_5   0.000000000000e+00
    RHS       fcap_bc_5_3_7   0.000000000000e+00
    RHS       fcap_bc_5_3_8   0.000000000000e+00
    RHS       fcap_bc_5_3_9   0.000000000000e+00
    RHS       fcap_bc_5_3_10   0.000000000000e+00
    RHS       fcap_bc_5_4_2   0.000000000000e+00
    RHS       fcap_bc_5_4_3   0.000000000000e+00
    RHS       fcap_bc_5_4_5   0.000000000000e+00
    RHS       fcap_bc_5_4_7   0.000000000000e+00
    RHS       fcap_bc_5_4_8   0.000000000000e+00
    RHS       fcap_bc_5_4_9   0.000000000000e+00
    RHS       fcap_bc_5_4_10   0.000000000000e+00
    RHS       fcap_bc_5_5_2   0.000000000000e+00
    RHS       fcap_bc_5_5_3   0.000000000000e+00
    RHS       fcap_bc_5_5_4   0.000000000000e+00
    RHS       fcap_bc_5_5_7   0.000000000000e+00
    RHS       fcap_bc_5_5_8   0.000000000000e+00
    RHS       fcap_bc_5_5_9   0.000000000000e+00
    RHS       fcap_bc_5_5_10   0.000000000000e+00
    RHS       fcap_bc_5_7_2   0.000000000000e+00
    RHS       fcap_bc_5_7_3   0.000000000000e+00
    RHS       fcap_bc_5_7_4   0.000000000000e+00
    RHS       fcap_bc_5_7_5   0.000000000000e+00
    RHS       fcap_bc_5_7_8   0.000000000000e+00
    RHS       fcap_bc_5_7_9   0.000000000000e+00
    RHS       fcap_bc_5_7_10   0.000000000000e+00
    RHS       fcap_bc_5_8_2   0.000000000000e+00
    RHS       fcap_bc_5_8_3   0.000000000000e+00
    RHS       fcap_bc_5_8_4   0.000000000000e+00
    RHS       fcap_bc_5_8_5   0.000000000000e+00
    RHS       fcap_bc_5_8_7   0.000000000000e+00
    RHS       fcap_bc_5_8_9   0.000000000000e+00
    RHS       fcap_bc_5_8_10   0.000000000000e+00
    RHS       fcap_bc_5_9_2   0.000000000000e+00
    RHS       fcap_bc_5_9_3   0.000000000000e+00
    RHS       fcap_bc_5_9_4   0.000000000000e+00
    RHS       fcap_bc_5_9_5   0.000000000000e+00
    RHS       fcap_bc_5_9_7   0.000000000000e+00
    RHS       fcap_bc_5_9_8   0.000000000000e+00
    RHS       fcap_bc_5_9_10   0.000000000000e+00
    RHS       fcap_bc_5_10_2   0.000000000000e+00
    RHS       fcap_bc_5_10_3   0.000000000000e+00
    RHS       fcap_bc_5_10_4   0.000000000000e+00
    RHS       fcap_bc_5_10_5   0.000000000000e+00
    RHS       fcap_bc_5_10_7   0.000000000000e+00
    RHS       fcap_bc_5_10_8   0.000000000000e+00
    RHS       fcap_bc_5_10_9   0.000000000000e+00
    RHS       fsrc_bc_5_2   0.000000000000e+00
    RHS       fsrc_bc_5_3   0.000000000000e+00
    RHS       fsrc_bc_5_4   0.000000000000e+00
    RHS       fsrc_bc_5_5   0.000000000000e+00
    RHS       fsrc_bc_5_7   0.000000000000e+00
    RHS       fsrc_bc_5_8   0.000000000000e+00
    RHS       fsrc_bc_5_9   0.000000000000e+00
    RHS       fsrc_bc_5_10   0.000000000000e+00
    RHS       fkeep_bc_5_2   0.000000000000e+00
    RHS       fkeep_bc_5_3   0.000000000000e+00
    RHS       fkeep_bc_5_4   0.000000000000e+00
    RHS       fsink_bc_5   0.000000000000e+00
    RHS       fkeep_bc_5_7   0.000000000000e+00
    RHS       fkeep_bc_5_8   0.000000000000e+00
    RHS       fkeep_bc_5_9   0.000000000000e+00
    RHS       fkeep_bc_5_10   0.000000000000e+00
    RHS       fcap_bc_7_2_3   0.000000000000e+00
    RHS       fcap_bc_7_2_4   0.000000000000e+00
    RHS       fcap_bc_7_2_5   0.000000000000e+00
    RHS       fcap_bc_7_2_7   0.000000000000e+00
    RHS       fcap_bc_7_2_8   0.000000000000e+00
    RHS       fcap_bc_7_2_9   0.000000000000e+00
    RHS       fcap_bc_7_2_10   0.000000000000e+00
    RHS       fcap_bc_7_3_2   0.000000000000e+00
    RHS       fcap_bc_7_3_4   0.000000000000e+00
    RHS       fcap_bc_7_3_5   0.000000000000e+00
    RHS       fcap_bc_7_3_7   0.000000000000e+00
    RHS       fcap_bc_7_3_8   0.000000000000e+00
    RHS       fcap_bc_7_3_9   0.000000000000e+00
    RHS       fcap_bc_7_3_10   0.000000000000e+00
    RHS       fcap_bc_7_4_2   0.000000000000e+00
    RHS       fcap_bc_7_4_3   0.000000000000e+00
    RHS       fcap_bc_7_4_5   0.000000000000e+00
    RHS       fcap_bc_7_4_7   0.000000000000e+00
    RHS       fcap_bc_7_4_8   0.000000000000e+00
    RHS       fcap_bc_7_4_9   0.000000000000e+00
    RHS       fcap_bc_7_4_10   0.000000000000e+00
    RHS       fcap_bc_7_5_2   0.000000000000e+00
    RHS       fcap_bc_7_5_3   0.000000000000e+00
    RHS       fcap_bc_7_5_4   0.000000000000e+00
    RHS       fcap_bc_7_5_7   0.000000000000e+00
    RHS       fcap_bc_7_5_8   0.000000000000e+00
    RHS       fcap_bc_7_5_9   0.000000000000e+00
    RHS       fcap_bc_7_5_10   0.000000000000e+00
    RHS       fcap_bc_7_7_2   0.000000000000e+00
    RHS       fcap_bc_7_7_3   0.000000000000e+00
    RHS       fcap_bc_7_7_4   0.000000000000e+00
    RHS       fcap_bc_7_7_5   0.000000000000e+00
    RHS       fcap_bc_7_7_8   0.000000000000e+00
    RHS       fcap_bc_7_7_9   0.000000000000e+00
    RHS       fcap_bc_7_7_10   0.000000000000e+00
    RHS       fcap_bc_7_8_2   0.000000000000e+00
    RHS       fcap_bc_7_8_3   0.000000000000e+00
    RHS       fcap_bc_7_8_4   0.000000000000e+00
    RHS       fcap_bc_7_8_5   0.000000000000e+00
    RHS       fcap_bc_7_8_7   0.000000000000e+00
    RHS       fcap_bc_7_8_9   0.000000000000e+00
    RHS       fcap_bc_7_8_10   0.000000000000e+00
    RHS       fcap_bc_7_9_2   0.000000000000e+00
    RHS       fcap_bc_7_9_3   0.000000000000e+00
    RHS       fcap_bc_7_9_4   0.000000000000e+00
    RHS       fcap_bc_7_9_5   0.000000000000e+00
    RHS       fcap_bc_7_9_7   0.000000000000e+00
    RHS       fcap_bc_7_9_8   0.000000000000e+00
    RHS       fcap_bc_7_9_10   0.000000000000e+00
    RHS       fcap_bc_7_10_2   0.000000000000e+00
    RHS       fcap_bc_7_10_3   0.000000000000e+00
    RHS       fcap_bc_7_10_4   0.000000000000e+00
    RHS       fcap_bc_7_10_5   0.000000000000e+00
    RHS       fcap_bc_7_10_7   0.000000000000e+00
    RHS       fcap_bc_7_10_8   0.000000000000e+00
    RHS       fcap_bc_7_10_9   0.000000000000e+00
    RHS       fsrc_bc_7_2   0.000000000000e+00
    RHS       fsrc_bc_7_3   0.000000000000e+00
    RHS       fsrc_bc_7_4   0.000000000000e+00
    RHS       fsrc_bc_7_5   0.000000000000e+00
    RHS       fsrc_bc_7_7   0.000000000000e+00
    RHS       fsrc_bc_7_8   0.000000000000e+00
    RHS       fsrc_bc_7_9   0.000000000000e+00
    RHS       fsrc_bc_7_10   0.000000000000e+00
    RHS       fkeep_bc_7_2   0.000000000000e+00
    RHS       fkeep_bc_7_3   0.000000000000e+00
    RHS       fkeep_bc_7_4   0.000000000000e+00
    RHS       fkeep_bc_7_5   0.000000000000e+00
    RHS       fsink_bc_7   0.000000000000e+00
    RHS       fkeep_bc_7_8   0.000000000000e+00
    RHS       fkeep_bc_7_9   0.000000000000e+00
    RHS       fkeep_bc_7_10   0.000000000000e+00
    RHS       fcap_bc_8_2_3   0.000000000000e+00
    RHS       fcap_bc_8_2_4   0.000000000000e+00
    RHS       fcap_bc_8_2_5   0.000000000000e+00
    RHS       fcap_bc_8_2_7   0.000000000000e+00
    RHS       fcap_bc_8_2_8   0.000000000000e+00
    RHS       fcap_bc_8_2_9   0.000000000000e+00
    RHS       fcap_bc_8_2_10   0.000000000000e+00
    RHS       fcap_bc_8_3_2   0.000000000000e+00
    RHS       fcap_bc_8_3_4   0.000000000000e+00
    RHS       fcap_bc_8_3_5   0.000000000000e+00
    RHS       fcap_bc_8_3_7   0.000000000000e+00
    RHS       fcap_bc_8_3_8   0.000000000000e+00
    RHS       fcap_bc_8_3_9   0.000000000000e+00
    RHS       fcap_bc_8_3_10   0.000000000000e+00
    RHS       fcap_bc_8_4_2   0.000000000000e+00
    RHS       fcap_bc_8_4_3   0.000000000000e+00
    RHS       fcap_bc_8_4_5   0.000000000000e+00
    RHS       fcap_bc_8_4_7   0.000000000000e+00
    RHS       fcap_bc_8_4_8   0.000000000000e+00
    RHS       fcap_bc_8_4_9   0.000000000000e+00
    RHS       fcap_bc_8_4_10   0.000000000000e+00
    RHS       fcap_bc_8_5_2   0.000000000000e+00
    RHS       fcap_bc_8_5_3   0.000000000000e+00
    RHS       fcap_bc_8_5_4   0.000000000000e+00
    RHS       fcap_bc_8_5_7   0.000000000000e+00
    RHS       fcap_bc_8_5_8   0.000000000000e+00
    RHS       fcap_bc_8_5_9   0.000000000000e+00
    RHS       fcap_bc_8_5_10   0.000000000000e+00
    RHS       fcap_bc_8_7_2   0.000000000000e+00
    RHS       fcap_bc_8_7_3   0.000000000000e+00
    RHS       fcap_bc_8_7_4   0.000000000000e+00
    RHS       fcap_bc_8_7_5   0.000000000000e+00
    RHS       fcap_bc_8_7_8   0.000000000000e+00
    RHS       fcap_bc_8_7_9   0.000000000000e+00
    RHS       fcap_bc_8_7_10   0.000000000000e+00
    RHS       fcap_bc_8_8_2   0.000000000000e+00
    RHS       fcap_bc_8_8_3   0.000000000000e+00
    RHS       fcap_bc_8_8_4   0.000000000000e+00
    RHS       fcap_bc_8_8_5   0.000000000000e+00
    RHS       fcap_bc_8_8_7   0.000000000000e+00
    RHS       fcap_bc_8_8_9   0.000000000000e+00
    RHS       fcap_bc_8_8_10   0.000000000000e+00
    RHS       fcap_bc_8_9_2   0.000000000000e+00
    RHS       fcap_bc_8_9_3   0.000000000000e+00
    RHS       fcap_bc_8_9_4   0.000000000000e+00
    RHS       fcap_bc_8_9_5   0.000000000000e+00
    RHS       fcap_bc_8_9_7   0.000000000000e+00
    RHS       fcap_bc_8_9_8   0.000000000000e+00
    RHS       fcap_bc_8_9_10   0.000000000000e+00
    RHS       fcap_bc_8_10_2   0.000000000000e+00
    RHS       fcap_bc_8_10_3   0.000000000000e+00
    RHS       fcap_bc_8_10_4   0.000000000000e+00
    RHS       fcap_bc_8_10_5   0.000000000000e+00
    RHS       fcap_bc_8_10_7   0.000000000000e+00
    RHS       fcap_bc_8_10_8   0.000000000000e+00
    RHS       fcap_bc_8_10_9   0.000000000000e+00
    RHS       fsrc_bc_8_2   0.000000000000e+00
    RHS       fsrc_bc_8_3   0.000000000000e+00
    RHS       fsrc_bc_8_4   0.000000000000e+00
    RHS       fsrc_bc_8_5   0.000000000000e+00
    RHS       fsrc_bc_8_7   0.000000000000e+00
    RHS       fsrc_bc_8_8   0.000000000000e+00
    RHS       fsrc_bc_8_9   0.000000000000e+00
    RHS       fsrc_bc_8_10   0.000000000000e+00
    RHS       fkeep_bc_8_2   0.000000000000e+00
    RHS       fkeep_bc_8_3   0.000000000000e+00
    RHS       fkeep_bc_8_4   0.000000000000e+00
    RHS       fkeep_bc_8_5   0.000000000000e+00
    RHS       fkeep_bc_8_7   0.000000000000e+00
    RHS       fsink_bc_8   0.000000000000e+00
    RHS       fkeep_bc_8_9   0.000000000000e+00
    RHS       fkeep_bc_8_10   0.000000000000e+00
    RHS       fcap_bc_9_2_3   0.000000000000e+00
    RHS       fcap_bc_9_2_4   0.000000000000e+00
    RHS       fcap_bc_9_2_5   0.000000000000e+00
    RHS       fcap_bc_9_2_7   0.000000000000e+00
    RHS       fcap_bc_9_2_8   0.000000000000e+00
    RHS       fcap_bc_9_2_9   0.000000000000e+00
    RHS       fcap_bc_9_2_10   0.000000000000e+00
    RHS       fcap_bc_9_3_2   0.000000000000e+00
    RHS       fcap_bc_9_3_4   0.000000000000e+00
    RHS       fcap_bc_9_3_5   0.000000000000e+00
    RHS       fcap_bc_9_3_7   0.000000000000e+00
    RHS       fcap_bc_9_3_8   0.000000000000e+00
    RHS       fcap_bc_9_3_9   0.000000000000e+00
    RHS       fcap_bc_9_3_10   0.000000000000e+00
    RHS       fcap_bc_9_4_2   0.000000000000e+00
    RHS       fcap_bc_9_4_3   0.000000000000e+00
    RHS       fcap_bc_9_4_5   0.000000000000e+00
    RHS       fcap_bc_9_4_7   0.000000000000e+00
    RHS       fcap_bc_9_4_8   0.000000000000e+00
    RHS       fcap_bc_9_4_9   0.000000000000e+00
    RHS       fcap_bc_9_4_10   0.000000000000e+00
    RHS       fcap_bc_9_5_2   0.000000000000e+00
    RHS       fcap_bc_9_5_3   0.000000000000e+00
    RHS       fcap_bc_9_5_4   0.000000000000e+00
    RHS       fcap_bc_9_5_7   0.000000000000e+00
    RHS       fcap_bc_9_5_8   0.000000000000e+00
    RHS       fcap_bc_9_5_9   0.000000000000e+00
    RHS       fcap_bc_9_5_10   0.000000000000e+00
    RHS       fcap_bc_9_7_2   0.000000000000e+00
    RHS       fcap_bc_9_7_3   0.000000000000e+00
    RHS       fcap_bc_9_7_4   0.000000000000e+00
    RHS       fcap_bc_9_7_5   0.000000000000e+00
    RHS       fcap_bc_9_7_8   0.000000000000e+00
    RHS       fcap_bc_9_7_9   0.000000000000e+00
    RHS       fcap_bc_9_7_10   0.000000000000e+00
    RHS       fcap_bc_9_8_2   0.000000000000e+00
    RHS       fcap_bc_9_8_3   0.000000000000e+00
    RHS       fcap_bc_9_8_4   0.000000000000e+00
    RHS       fcap_bc_9_8_5   0.000000000000e+00
    RHS       fcap_bc_9_8_7   0.000000000000e+00
    RHS       fcap_bc_9_8_9   0.000000000000e+00
    RHS       fcap_bc_9_8_10   0.000000000000e+00
    RHS       fcap_bc_9_9_2   0.000000000000e+00
    RHS       fcap_bc_9_9_3   0.000000000000e+00
    RHS       fcap_bc_9_9_4   0.000000000000e+00
    RHS       fcap_bc_9_9_5   0.000000000000e+00
    RHS       fcap_bc_9_9_7   0.000000000000e+00
    RHS       fcap_bc_9_9_8   0.000000000000e+00
    RHS       fcap_bc_9_9_10   0.000000000000e+00
    RHS       fcap_bc_9_10_2   0.000000000000e+00
    RHS       fcap_bc_9_10_3   0.000000000000e+00
    RHS       fcap_bc_9_10_4   0.000000000000e+00
    RHS       fcap_bc_9_10_5   0.000000000000e+00
    RHS       fcap_bc_9_10_7   0.000000000000e+00
    RHS       fcap_bc_9_10_8   0.000000000000e+00
    RHS       fcap_bc_9_10_9   0.000000000000e+00
    RHS       fsrc_bc_9_2   0.000000000000e+00
    RHS       fsrc_bc_9_3   0.000000000000e+00
    RHS       fsrc_bc_9_4   0.000000000000e+00
    RHS       fsrc_bc_9_5   0.000000000000e+00
    RHS       fsrc_bc_9_7   0.000000000000e+00
    RHS       fsrc_bc_9_8   0.000000000000e+00
    RHS       fsrc_bc_9_9   0.000000000000e+00
    RHS       fsrc_bc_9_10   0.000000000000e+00
    RHS       fkeep_bc_9_2   0.000000000000e+00
    RHS       fkeep_bc_9_3   0.000000000000e+00
    RHS       fkeep_bc_9_4   0.000000000000e+00
    RHS       fkeep_bc_9_5   0.000000000000e+00
    RHS       fkeep_bc_9_7   0.000000000000e+00
    RHS       fkeep_bc_9_8   0.000000000000e+00
    RHS       fsink_bc_9   0.000000000000e+00
    RHS       fkeep_bc_9_10   0.000000000000e+00
    RHS       fcap_bc_10_2_3   0.000000000000e+00
    RHS       fcap_bc_10_2_4   0.000000000000e+00
    RHS       fcap_bc_10_2_5   0.000000000000e+00
    RHS       fcap_bc_10_2_7   0.000000000000e+00
    RHS       fcap_bc_10_2_8   0.000000000000e+00
    RHS       fcap_bc_10_2_9   0.000000000000e+00
    RHS       fcap_bc_10_2_10   0.000000000000e+00
    RHS       fcap_bc_10_3_2   0.000000000000e+00
    RHS       fcap_bc_10_3_4   0.000000000000e+00
    RHS       fcap_bc_10_3_5   0.000000000000e+00
    RHS       fcap_bc_10_3_7   0.000000000000e+00
    RHS       fcap_bc_10_3_8   0.000000000000e+00
    RHS       fcap_bc_10_3_9   0.000000000000e+00
    RHS       fcap_bc_10_3_10   0.000000000000e+00
    RHS       fcap_bc_10_4_2   0.000000000000e+00
    RHS       fcap_bc_10_4_3   0.000000000000e+00
    RHS       fcap_bc_10_4_5   0.000000000000e+00
    RHS       fcap_bc_10_4_7   0.000000000000e+00
    RHS       fcap_bc_10_4_8   0.000000000000e+00
    RHS       fcap_bc_10_4_9   0.000000000000e+00
    RHS       fcap_bc_10_4_10   0.000000000000e+00
    RHS       fcap_bc_10_5_2   0.000000000000e+00
    RHS       fcap_bc_10_5_3   0.000000000000e+00
    RHS       fcap_bc_10_5_4   0.000000000000e+00
    RHS       fcap_bc_10_5_7   0.000000000000e+00
    RHS       fcap_bc_10_5_8   0.000000000000e+00
    RHS       fcap_bc_10_5_9   0.000000000000e+00
    RHS       fcap_bc_10_5_10   0.000000000000e+00
    RHS       fcap_bc_10_7_2   0.000000000000e+00
    RHS       fcap_bc_10_7_3   0.000000000000e+00
    RHS       fcap_bc_10_7_4   0.000000000000e+00
    RHS       fcap_bc_10_7_5   0.000000000000e+00
    RHS       fcap_bc_10_7_8   0.000000000000e+00
    RHS       fcap_bc_10_7_9   0.000000000000e+00
    RHS       fcap_bc_10_7_10   0.000000000000e+00
    RHS       fcap_bc_10_8_2   0.000000000000e+00
    RHS       fcap_bc_10_8_3   0.000000000000e+00
    RHS       fcap_bc_10_8_4   0.000000000000e+00
    RHS       fcap_bc_10_8_5   0.000000000000e+00
    RHS       fcap_bc_10_8_7   0.000000000000e+00
    RHS       fcap_bc_10_8_9   0.000000000000e+00
    RHS       fcap_bc_10_8_10   0.000000000000e+00
    RHS       fcap_bc_10_9_2   0.000000000000e+00
    RHS       fcap_bc_10_9_3   0.000000000000e+00
    RHS       fcap_bc_10_9_4   0.000000000000e+00
    RHS       fcap_bc_10_9_5   0.000000000000e+00
    RHS       fcap_bc_10_9_7   0.000000000000e+00
    RHS       fcap_bc_10_9_8   0.000000000000e+00
    RHS       fcap_bc_10_9_10   0.000000000000e+00
    RHS       fcap_bc_10_10_2   0.000000000000e+00
    RHS       fcap_bc_10_10_3   0.000000000000e+00
    RHS       fcap_bc_10_10_4   0.000000000000e+00
    RHS       fcap_bc_10_10_5   0.000000000000e+00
    RHS       fcap_bc_10_10_7   0.000000000000e+00
    RHS       fcap_bc_10_10_8   0.000000000000e+00
    RHS       fcap_bc_10_10_9   0.000000000000e+00
    RHS       fsrc_bc_10_2   0.000000000000e+00
    RHS       fsrc_bc_10_3   0.000000000000e+00
    RHS       fsrc_bc_10_4   0.000000000000e+00
    RHS       fsrc_bc_10_5   0.000000000000e+00
    RHS       fsrc_bc_10_7   0.000000000000e+00
    RHS       fsrc_bc_10_8   0.000000000000e+00
    RHS       fsrc_bc_10_9   0.000000000000e+00
    RHS       fsrc_bc_10_10   0.000000000000e+00
    RHS       fkeep_bc_10_2   0.000000000000e+00
    RHS       fkeep_bc_10_3   0.000000000000e+00
    RHS       fkeep_bc_10_4   0.000000000000e+00
    RHS       fkeep_bc_10_5   0.000000000000e+00
    RHS       fkeep_bc_10_7   0.000000000000e+00
    RHS       fkeep_bc_10_8   0.000000000000e+00
    RHS       fkeep_bc_10_9   0.000000000000e+00
    RHS       fsink_bc_10   0.000000000000e+00
BOUNDS
ENDATA
